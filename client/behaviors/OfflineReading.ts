import { LEADS_SENT_EVENT, SERVICE_WORKER_URL, type KeepMessage } from '../../common/offline';
import { defineBehavior } from '../runtime/behavior';
import { sendKeptLeads } from '../runtime/outbox';

/** What the page loaded that the service worker keeps: the built files and Drupal's images. */
const KEPT_PATHS = ['/assets/', '/sites/default/files/'];

/**
 * Reading offline: registers the service worker (client/sw.ts) and
 * tells it what to keep that it did not see come (this page and its files, on the
 * visit that installed it; the pinned pages, if not kept yet). Sends the popup
 * forms kept on the device when the connection returns.
 */
export default defineBehavior('OfflineReading', (_root, { pinned }) => {
  const send = () =>
    void sendKeptLeads().then((count) => {
      if (count > 0) window.dispatchEvent(new CustomEvent(LEADS_SENT_EVENT, { detail: count }));
    });
  window.addEventListener('online', send);
  if (navigator.onLine) send();

  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  const controlled = container.controller !== null;
  container
    .register(SERVICE_WORKER_URL)
    .then(() => container.ready)
    .then((registration) => {
      const loaded = controlled ? [] : performance.getEntriesByType('resource').map((entry) => entry.name);
      const message: KeepMessage = {
        type: 'keep',
        pinned,
        pages: controlled ? [] : [window.location.href],
        assets: loaded.filter((url) => KEPT_PATHS.some((path) => url.startsWith(window.location.origin + path))),
      };
      registration.active?.postMessage(message);
    })
    .catch((error: unknown) => console.warn('Чтение без сети не включилось', error));
});
