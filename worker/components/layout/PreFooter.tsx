import type { LayoutData } from '../../loaders/layout';

/** Spec §2: the carousels before the footer (other doctors, news, promotions). To be built. */
export function PreFooter(_: { layout: LayoutData }) {
  return null;
}
