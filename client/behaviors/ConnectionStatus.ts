import { defineBehavior } from '../runtime/behavior';

const OFFLINE = 'Нет соединения с интернетом';
const RESTORED = 'Соединение восстановлено';

/**
 * A discreet notice when the connection drops, and a short one when it is back
 * (spec §2). The element is a live region from the start, so screen readers read
 * each change; empty, it shows nothing.
 */
export default defineBehavior('ConnectionStatus', (root, { restoredMs }) => {
  const toast = root.querySelector<HTMLElement>('.connection-toast');
  if (!toast) return;
  let clearing: ReturnType<typeof setTimeout> | undefined;
  const show = (state: 'offline' | 'online' | null) => {
    clearTimeout(clearing);
    toast.dataset.state = state ?? '';
    toast.textContent = state === 'offline' ? OFFLINE : state === 'online' ? RESTORED : '';
    if (state === 'online') clearing = setTimeout(() => show(null), restoredMs);
  };
  window.addEventListener('offline', () => show('offline'));
  window.addEventListener('online', () => show('online'));
  if (!navigator.onLine) show('offline');
});
