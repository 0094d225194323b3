import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, groupKeys, queryString } from '@/features/groups/api/query-keys';
import type { Lote, LoteRequest, LoteStatus, Page } from '@/features/groups/types';

// A group's lotes (the slots API): the grid, bulk creation, edits, assignment and requests.
// Every write refreshes the whole group (its lote counts, members' lotes, my requests).

export function getLotes(groupId: string): Promise<Page<Lote>> {
  return api.get<Page<Lote>>(`/groups/${enc(groupId)}/lotes`);
}

/** The whole grid: a group has at most 500 lotes, so the server answers in one page. */
export function useLotes(groupId: string, enabled = true) {
  return useQuery({ queryKey: groupKeys.lotes(groupId), queryFn: () => getLotes(groupId), enabled });
}

export function getLoteRequests(groupId: string, cursor: string | null): Promise<Page<LoteRequest>> {
  return api.get<Page<LoteRequest>>(`/groups/${enc(groupId)}/lote-requests${queryString({ limit: 100, cursor })}`);
}

export function useLoteRequests(groupId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: groupKeys.loteRequests(groupId),
    queryFn: ({ pageParam }) => getLoteRequests(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export interface BulkLotesInput {
  prefixo: string;
  inicio: number;
  fim: number;
  area: number;
  observacoes: string;
}

export interface LoteUpdate {
  version: number;
  area?: number;
  observacoes?: string;
  status?: Exclude<LoteStatus, 'ocupado'>;
}

const lotePath = (groupId: string, codigo: string) => `/groups/${enc(groupId)}/lotes/${enc(codigo)}`;

export const loteApi = {
  createBulk: (groupId: string, input: BulkLotesInput) => api.post<Page<Lote>>(`/groups/${enc(groupId)}/lotes`, input),
  update: (groupId: string, codigo: string, update: LoteUpdate) => api.patch<Lote>(lotePath(groupId, codigo), update),
  remove: (groupId: string, codigo: string) => api.delete<void>(lotePath(groupId, codigo)),
  assign: (groupId: string, codigo: string, userId: string) => api.put<Lote>(`${lotePath(groupId, codigo)}/responsavel`, { userId }),
  free: (groupId: string, codigo: string) => api.delete<Lote>(`${lotePath(groupId, codigo)}/responsavel`),
  request: (groupId: string, codigo: string) => api.post<LoteRequest>(`${lotePath(groupId, codigo)}/requests`),
  approve: (groupId: string, codigo: string, userId: string) =>
    api.post<Lote>(`${lotePath(groupId, codigo)}/requests/${enc(userId)}/approve`),
  /** Rejects someone's request (coordinators) or cancels one's own. */
  deleteRequest: (groupId: string, codigo: string, userId: string) =>
    api.delete<void>(`${lotePath(groupId, codigo)}/requests/${enc(userId)}`),
};

/** One mutation hook for a lote write; it refreshes everything under the group when it lands. */
export function useLoteMutation<TVariables, TResult>(groupId: string, write: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.publicPage(groupId) });
    },
  });
}
