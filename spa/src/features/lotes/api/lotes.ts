import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreateKeys } from '@/lib/idempotency';
import { useCreate } from '@/lib/mutations';
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

export function getLotes(groupId: string, cursor: string | null): Promise<LotePage> {
  return api.get<LotePage>(`${lotesPath(groupId)}${queryString({ limit: lotesPageSize, cursor })}`);
}

/** Lotes per request: the API's largest page, so the 500 lotes a group may have take five. */
export const lotesPageSize = 100;

/**
 * The grid's lotes, a page at a time in the API's key order (A1, A10 … A2): `data` is every
 * lote read so far; the grid sorts them (sortLotes) and the route reads the following pages.
 */
export function useLotes(groupId: string, enabled = true) {
  return useCursorList({
    queryKey: queryKeys.lotes.grid(groupId),
    fetchPage: (cursor) => getLotes(groupId, cursor),
    enabled,
  });
}

/** Natural code order, the server's domain.LoteLess: prefix, then number (A2 before A10). */
export function loteLess(a: string, b: string): number {
  const split = (c: string): [string, number] => {
    const i = c.search(/[0-9]/);
    return i < 0 ? [c, 0] : [c.slice(0, i), Number.parseInt(c.slice(i), 10) || 0];
  };
  const [pa, na] = split(a);
  const [pb, nb] = split(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortLotes(lotes: Lote[]): Lote[] {
  return [...lotes].sort((x, y) => loteLess(x.codigo, y.codigo));
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

export function createLotes(groupId: string, input: LoteBulkInput, idempotencyKey: string): Promise<LotePage> {
  return api.create<LotePage>(lotesPath(groupId), input, idempotencyKey);
}

export function useCreateLotes(groupId: string) {
  return useCreate(
    (input: LoteBulkInput, keys) => createLotes(groupId, input, keys.keyFor(lotesPath(groupId), input)),
    (queryClient) => refreshGroup(queryClient, groupId),
  );
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

export function requestLote(groupId: string, codigo: string, idempotencyKey: string): Promise<LoteRequest> {
  return api.create<LoteRequest>(`${lotePath(groupId, codigo)}/requests`, undefined, idempotencyKey);
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

export function runLoteAction(groupId: string, lote: Lote, a: LoteAction, keys: CreateKeys): Promise<unknown> {
  const c = lote.codigo;
  switch (a.kind) {
    case 'request':
      return requestLote(groupId, c, keys.keyFor(`${lotePath(groupId, c)}/requests`));
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
  return useCreate(
    (action: LoteAction, keys) => runLoteAction(groupId, lote, action, keys),
    (queryClient) => refreshGroup(queryClient, groupId),
  );
}
