import type { Teaser, ViewRow } from '../drupal/types';

/** A row of a Views list as a carousel card: a doctor's post, else a service's price, under the title. */
export const rowTeaser = (row: ViewRow): Teaser => ({
  nid: row.nid,
  title: row.title,
  url: row.url,
  image: row.images[0],
  note: row.note ?? row.price,
  date: row.date,
  until: row.until,
});
