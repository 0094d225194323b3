import { useSyncExternalStore } from 'react';
import { pwaState, subscribePwa } from '@/lib/pwa/install';
import { queueSnapshot, sendingNow, subscribeQueue } from '@/lib/offline/queue';

// The device as the screens see it: connected or not (the browser's own say, as
// react-query's onlineManager reads it), the waiting queue, the installable app's offers.

function subscribeOnline(listener: () => void) {
  addEventListener('online', listener);
  addEventListener('offline', listener);
  return () => {
    removeEventListener('online', listener);
    removeEventListener('offline', listener);
  };
}

export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

export function useQueue() {
  const items = useSyncExternalStore(subscribeQueue, queueSnapshot);
  const sending = useSyncExternalStore(subscribeQueue, sendingNow);
  return { items, sending };
}

export const usePwa = () => useSyncExternalStore(subscribePwa, pwaState);
