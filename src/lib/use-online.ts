/** Whether the browser says it is online (navigator.onLine and its online/offline events). */
import { useStore, type Readable } from './external-store';

const online: Readable<boolean> = {
  get: () => navigator.onLine,
  subscribe(listener) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
};

export function useOnline(): boolean {
  return useStore(online);
}
