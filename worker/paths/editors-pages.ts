/** The list lives in common/: the service worker, which is browser code, needs it too. */
export { EDITORS_PAGES, isEditorsPage } from '../../common/editors-pages';
