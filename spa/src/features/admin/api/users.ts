import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { useCreateKeys } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';
import type { AjusteFeito, AjustePontos, LancamentoPontosPage, UsuarioAdmin, UsuarioResumoPage } from '@/types/api';

// The site admins' members (/api/admin/users): search by a name word's start or an e-mail's
// start, a member's page and ledger, and the writes (admin role, disable, points), all audited.

export type SearchBy = 'nome' | 'email';

export function useUserSearch(q: string, por: SearchBy) {
  return useCursorList({
    queryKey: queryKeys.admin.users(q, por),
    fetchPage: (cursor) => api.get<UsuarioResumoPage>(`/admin/users${queryString({ q, por, limit: 20, cursor })}`),
    enabled: q.length >= 3,
  });
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: queryKeys.admin.user(id), queryFn: () => api.get<UsuarioAdmin>(`/admin/users/${enc(id)}`) });
}

export function useLedger(id: string) {
  return useCursorList({
    queryKey: queryKeys.admin.ledger(id),
    fetchPage: (cursor) => api.get<LancamentoPontosPage>(`/admin/users/${enc(id)}/ledger${queryString({ limit: 20, cursor })}`),
  });
}

function useRefreshUsers() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: queryKeys.admin.usersAll });
}

export function useSetAdminRole(id: string) {
  const client = useQueryClient();
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (admin: boolean) => api.put<UsuarioAdmin>(`/admin/users/${enc(id)}/admin`, { admin }),
    onSuccess: (u) => {
      client.setQueryData(queryKeys.admin.user(id), u);
      refresh();
    },
  });
}

export function useSetDisabled(id: string) {
  const client = useQueryClient();
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (desativado: boolean) => api.put<UsuarioAdmin>(`/admin/users/${enc(id)}/status`, { desativado }),
    onSuccess: (u) => {
      client.setQueryData(queryKeys.admin.user(id), u);
      refresh();
    },
  });
}

export function useAdjustPoints(id: string) {
  const keys = useCreateKeys();
  const refresh = useRefreshUsers();
  const path = `/admin/users/${enc(id)}/pontos`;
  return useMutation({
    mutationFn: (body: AjustePontos) => api.create<AjusteFeito>(path, body, keys.keyFor(path, body)),
    onSuccess: () => {
      keys.done();
      refresh();
    },
  });
}
