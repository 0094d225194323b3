import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type { LancamentoPontosPage } from '@/types/api';

/** My points history, newest first (GET /api/me/pontos): awards, conquistas, reversals and adjustments. */
export function useMyPoints() {
  return useCursorList({
    queryKey: queryKeys.progress.points,
    fetchPage: (cursor) => api.get<LancamentoPontosPage>(`/me/pontos${queryString({ limit: 20, cursor })}`),
  });
}
