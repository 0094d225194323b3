import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type { EntradaAuditoriaPage } from '@/types/api';

/** The audit log, newest first, by admin, action and month (GET /api/admin/audit). */
export function useAuditLog(adminId: string, acao: string, mes: string) {
  return useCursorList({
    queryKey: queryKeys.admin.audit(adminId, acao, mes),
    fetchPage: (cursor) => api.get<EntradaAuditoriaPage>(`/admin/audit${queryString({ adminId, acao, mes, limit: 20, cursor })}`),
  });
}
