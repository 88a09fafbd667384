/**
 * A bigger clinic's doctors (POST /__demo/doctors, README.md "Test control"): `count` extra
 * published doctor nodes, generated deterministically, so that the doctors' listing and the
 * sitemap run past JSON:API's 50 a page. They reuse the six doctors' photos, perform no service
 * (no per-service list changes) and are older than the clinic's own doctors, who stay first.
 */
import { paragraphs } from '../lib/text';
import { doctors } from './people';
import { img, makeNode, nodeRefs, type NodeRecord } from './model';

/** Above every nid of the content files. */
export const EXTRA_DOCTOR_NID = 9000;
/** docs/requirements.md §9: most items a listing shows. */
export const MAX_EXTRA_DOCTORS = 1000;

const SURNAMES = [
  'Морозова',
  'Волкова',
  'Алексеева',
  'Лебедева',
  'Семёнова',
  'Егорова',
  'Павлова',
  'Козлова',
  'Степанова',
  'Николаева',
  'Орлова',
  'Андреева',
];
const NAMES = [
  'Светлана Николаевна',
  'Ирина Петровна',
  'Татьяна Александровна',
  'Юлия Викторовна',
  'Екатерина Андреевна',
  'Марина Сергеевна',
];

export function extraDoctors(count: number): NodeRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const model = doctors[i % doctors.length]!;
    const title = `${SURNAMES[i % SURNAMES.length]} ${NAMES[Math.floor(i / SURNAMES.length) % NAMES.length]} (${n})`;
    // One a day back from 2012-12-31: older than every doctor of the content files.
    const created = new Date(Date.UTC(2012, 11, 31) - i * 86_400_000).toISOString().slice(0, 10);
    return makeNode({
      nid: EXTRA_DOCTOR_NID + n,
      bundle: 'doctors',
      title,
      alias: `/doctors/vrach-${n}.html`,
      created: `${created} 10:00`,
      body: paragraphs('Врач-косметолог клиники.'),
      summary: 'Врач-косметолог клиники.',
      fields: { field_post: 'Врач-косметолог', field_subtitle: `Стаж ${5 + (i % 16)} лет`, field_weight: 100 + n },
      rels: {
        field_photo: img(model.photo, title),
        field_photo_big: img(model.photoBig, title),
        field_services: nodeRefs([]),
      },
    });
  });
}
