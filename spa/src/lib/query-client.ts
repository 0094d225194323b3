import { QueryClient } from '@tanstack/react-query';

/** The app's client, for what runs outside React's tree (lib/pwa/boot.tsx: the offline cache). */
export const appQueryClient: { current?: QueryClient } = {};

export function createQueryClient(): QueryClient {
  return (appQueryClient.current = new QueryClient({
    defaultOptions: {
      // The API client already retries the reads that are safe to retry, and never writes.
      // (lib/pwa/boot.tsx keeps unused reads longer, for the copy kept on the device.)
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  }));
}
