import { onlineManager, QueryClient } from '@tanstack/react-query';

/** The app's client, for what runs outside React's tree (lib/pwa/boot.tsx: the offline cache). */
export const appQueryClient: { current?: QueryClient } = {};

export function createQueryClient(): QueryClient {
  // react-query assumes a connection until the browser says otherwise. Opened with no network, the
  // reads must wait (paused, not failed) from the very first one: lib/pwa/boot.tsx puts the copy
  // kept on the device back later (after load + idle), and a read that had failed before or after
  // that would show its error over the restored data.
  onlineManager.setOnline(typeof navigator === 'undefined' || navigator.onLine !== false);
  return (appQueryClient.current = new QueryClient({
    defaultOptions: {
      // The API client already retries the reads that are safe to retry, and never writes.
      // (lib/pwa/boot.tsx keeps unused reads longer, for the copy kept on the device.)
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  }));
}
