import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { conquistasKey } from '@/features/admin/api/conquistas';
import type { Regras, RegrasEdit } from '@/types/api';

// The rules a site admin edits (/api/admin/rules): a save names the version the form was loaded
// with; someone else's save in between is a 409. A save refreshes /admin/conquistas' list (its
// bonuses are rules).

export function useAdminRules() {
  return useQuery({ queryKey: queryKeys.admin.rules, queryFn: () => api.get<Regras>('/admin/rules') });
}

export function useSaveRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegrasEdit) => api.put<Regras>('/admin/rules', body),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.admin.rules, saved);
      void client.invalidateQueries({ queryKey: conquistasKey });
    },
  });
}
