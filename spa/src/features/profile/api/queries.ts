import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MemberProgress } from '@/types/api';

export function getMyProgress(): Promise<MemberProgress> {
  return api.get<MemberProgress>('/me/progress');
}

/** My level, conquistas and stats (GET /api/me/progress): /perfil and the dashboard's conquistas. */
export const myProgressQuery = { queryKey: queryKeys.progress.mine, queryFn: getMyProgress };
