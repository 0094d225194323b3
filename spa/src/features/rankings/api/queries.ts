import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { MembersRanking } from '@/types/api';

/** My position and points this month, and nothing of the top (GET /api/rankings/membros?periodo=mes&limit=0). */
export const myStandingQuery = {
  queryKey: queryKeys.dashboard.myStanding,
  queryFn: () => api.get<MembersRanking>(`/rankings/membros${queryString({ periodo: 'mes', limit: 0 })}`),
  staleTime: 60_000,
};
