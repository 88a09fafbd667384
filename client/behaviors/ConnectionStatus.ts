import { defineBehavior } from '../runtime/behavior';
import { LEADS_SENT_EVENT } from '../../common/offline';

const OFFLINE = 'Нет соединения с интернетом';
/** When the service worker serves the site: what the visitor has read stays readable. */
const OFFLINE_READING = 'Нет соединения с интернетом. Страницы, которые вы открывали, доступны без сети';
const RESTORED = 'Соединение восстановлено';
const SENT = 'Соединение восстановлено. Заявка отправлена';

type State = 'offline' | 'online' | 'sent' | null;

/**
 * A discreet notice when the connection drops, and a short one when it is back
 * (docs/requirements.md §2); with the service worker in charge of the page it says that read pages
 * open without a network, and a request kept on the device says when it is sent.
 * The element is a live region from the start, so screen readers read each
 * change; empty, it shows nothing.
 */
export default defineBehavior('ConnectionStatus', (root, { restoredMs }) => {
  const toast = root.querySelector<HTMLElement>('.connection-toast');
  if (!toast) return;
  let clearing: ReturnType<typeof setTimeout> | undefined;
  const show = (state: State) => {
    clearTimeout(clearing);
    toast.dataset.state = state === 'sent' ? 'online' : (state ?? '');
    const reading = Boolean(navigator.serviceWorker?.controller);
    toast.textContent =
      state === 'offline' ? (reading ? OFFLINE_READING : OFFLINE) : state === 'online' ? RESTORED : state === 'sent' ? SENT : '';
    if (state === 'online' || state === 'sent') clearing = setTimeout(() => show(null), restoredMs);
  };
  window.addEventListener('offline', () => show('offline'));
  window.addEventListener('online', () => show('online'));
  window.addEventListener(LEADS_SENT_EVENT, () => show('sent'));
  if (!navigator.onLine) show('offline');
});
