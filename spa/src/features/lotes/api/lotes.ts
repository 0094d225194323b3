import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type { Lote, LoteBulkInput, LotePage, LoteRequest, LoteRequestPage, LoteUpdate } from '@/types/api';

// A group's lotes (/api/groups/{groupId}/lotes): the grid, bulk creation, edits, assignment and
// requests. Every write refreshes the whole group (its lote counts, members' lotes, my requests).

const lotesPath = (groupId: string) => `/groups/${enc(groupId)}/lotes`;
const lotePath = (groupId: string, codigo: string) => `${lotesPath(groupId)}/${enc(codigo)}`;

function refreshGroup(queryClient: QueryClient, groupId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.group(groupId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.mine });
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.publicPage(groupId) });
}

export function getLotes(groupId: string): Promise<LotePage> {
  return api.get<LotePage>(lotesPath(groupId));
}

/** The whole grid: a group has at most 500 lotes, so the server answers in one page. */
export function useLotes(groupId: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.lotes.grid(groupId), queryFn: () => getLotes(groupId), enabled });
}

export function getLoteRequests(groupId: string, cursor: string | null): Promise<LoteRequestPage> {
  return api.get<LoteRequestPage>(`/groups/${enc(groupId)}/lote-requests${queryString({ limit: 100, cursor })}`);
}

/** Open requests for the group's lotes (coordinators). */
export function useLoteRequests(groupId: string, enabled = true) {
  return useCursorList({
    queryKey: queryKeys.lotes.requests(groupId),
    fetchPage: (cursor) => getLoteRequests(groupId, cursor),
    enabled,
  });
}

export function createLotes(groupId: string, input: LoteBulkInput): Promise<LotePage> {
  return api.post<LotePage>(lotesPath(groupId), input);
}

export function useCreateLotes(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoteBulkInput) => createLotes(groupId, input),
    onSuccess: () => refreshGroup(queryClient, groupId),
  });
}

export function updateLote(groupId: string, codigo: string, update: LoteUpdate): Promise<Lote> {
  return api.patch<Lote>(lotePath(groupId, codigo), update);
}

export function deleteLote(groupId: string, codigo: string): Promise<void> {
  return api.delete<void>(lotePath(groupId, codigo));
}

export function assignLote(groupId: string, codigo: string, userId: string): Promise<Lote> {
  return api.put<Lote>(`${lotePath(groupId, codigo)}/responsavel`, { userId });
}

export function freeLote(groupId: string, codigo: string): Promise<Lote> {
  return api.delete<Lote>(`${lotePath(groupId, codigo)}/responsavel`);
}

export function requestLote(groupId: string, codigo: string): Promise<LoteRequest> {
  return api.post<LoteRequest>(`${lotePath(groupId, codigo)}/requests`);
}

export function approveLoteRequest(groupId: string, codigo: string, userId: string): Promise<Lote> {
  return api.post<Lote>(`${lotePath(groupId, codigo)}/requests/${enc(userId)}/approve`);
}

/** Rejects someone's request (coordinators) or cancels one's own. */
export function deleteLoteRequest(groupId: string, codigo: string, userId: string): Promise<void> {
  return api.delete<void>(`${lotePath(groupId, codigo)}/requests/${enc(userId)}`);
}

/** One act on a lote; the lote dialog runs one at a time and every button waits for it. */
export type LoteAction =
  | { kind: 'request' }
  | { kind: 'cancelRequest'; userId: string }
  | { kind: 'free' }
  | { kind: 'assign'; userId: string; nome: string }
  | { kind: 'status'; status: 'livre' | 'manutencao' }
  | { kind: 'edit'; area: number; observacoes: string }
  | { kind: 'delete' }
  | { kind: 'approve'; userId: string; nome: string }
  | { kind: 'reject'; userId: string; nome: string };

export function runLoteAction(groupId: string, lote: Lote, a: LoteAction): Promise<unknown> {
  const c = lote.codigo;
  switch (a.kind) {
    case 'request':
      return requestLote(groupId, c);
    case 'cancelRequest':
    case 'reject':
      return deleteLoteRequest(groupId, c, a.userId);
    case 'free':
      return freeLote(groupId, c);
    case 'assign':
      return assignLote(groupId, c, a.userId);
    case 'status':
      return updateLote(groupId, c, { version: lote.version, status: a.status });
    case 'edit':
      return updateLote(groupId, c, { version: lote.version, area: a.area, observacoes: a.observacoes });
    case 'delete':
      return deleteLote(groupId, c);
    case 'approve':
      return approveLoteRequest(groupId, c, a.userId);
  }
}

/** The writes on one lote, as one mutation: its pending state and error are the dialog's. */
export function useLoteAction(groupId: string, lote: Lote) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LoteAction) => runLoteAction(groupId, lote, action),
    onSuccess: () => refreshGroup(queryClient, groupId),
  });
}
