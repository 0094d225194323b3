import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries the reads that are safe to retry, and never writes.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
