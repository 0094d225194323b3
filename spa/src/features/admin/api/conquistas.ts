import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConquistasAdmin } from '@/types/api';

// /admin/conquistas: the catalogue with each conquista's rule, the bonus the rules pay and how
// many members hold it (GET /api/admin/conquistas: two DynamoDB calls on the server). The bonuses
// are saved with the rules (PUT /api/admin/rules), which refreshes this list.

// The key lives here, not in lib/query-keys: that module is in the bundle /dashboard loads first
// (at its size budget), and nothing outside /admin reads it.
export const conquistasKey = ['admin', 'conquistas'] as const;

export function useAdminConquistas() {
  return useQuery({ queryKey: conquistasKey, queryFn: () => api.get<ConquistasAdmin>('/admin/conquistas') });
}
