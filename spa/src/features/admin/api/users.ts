import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { invalidate, useCreateAt, useWrite } from '@/lib/mutations';
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

const refreshUsers = invalidate(queryKeys.admin.usersAll);

/** A PUT on the member's page (`/admin/users/{id}/<part>`): its answer is the member as now. */
function useUserWrite<TInput>(id: string, part: string, body: (input: TInput) => object) {
  return useWrite(
    (input: TInput) => api.put<UsuarioAdmin>(`/admin/users/${enc(id)}/${part}`, body(input)),
    (client, u) => {
      client.setQueryData(queryKeys.admin.user(id), u);
      refreshUsers(client, u, undefined);
    },
  );
}

export function useSetAdminRole(id: string) {
  return useUserWrite(id, 'admin', (admin: boolean) => ({ admin }));
}

export function useSetDisabled(id: string) {
  return useUserWrite(id, 'status', (desativado: boolean) => ({ desativado }));
}

export function useAdjustPoints(id: string) {
  return useCreateAt<AjustePontos, AjusteFeito>(`/admin/users/${enc(id)}/pontos`, refreshUsers);
}
