import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BannerPage } from '@/types/api';

/** The caller's active banners (GET /api/banners: at most 50, one page); the dashboard prefetches it. */
export const activeBannersQuery = {
  queryKey: queryKeys.banners.active,
  queryFn: () => api.get<BannerPage>('/banners'),
  staleTime: 5 * 60_000,
};
