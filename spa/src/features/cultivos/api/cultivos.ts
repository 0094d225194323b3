import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCreateAt, useWrite } from '@/lib/mutations';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys, type CultivoFilter } from '@/lib/query-keys';
import { cultivoPath, refreshAfterCultivoWrite, useCreateOrQueue } from '@/features/cultivos/api/diario';
import type {
  Colheita,
  ColheitaCriada,
  ColheitaEdit,
  ColheitaInput,
  ColheitaPage,
  Cultivo,
  CultivoCriado,
  CultivoEdit,
  CultivoInput,
  CultivoPage,
  DiarioPage,
  FaseInput,
  MemberPage,
} from '@/types/api';

// Cultivos (/api/cultivos, /api/groups/{groupId}/cultivos). Every write refreshes every cultivo
// read (one prefix) and my profile (points and level).

const refresh = refreshAfterCultivoWrite;

function filterQuery(f: CultivoFilter) {
  return { fase: f.fase || null, grupo: f.grupo || null, ativos: f.ativos ? 'true' : null };
}

export function getMyCultivos(filter: CultivoFilter, cursor: string | null, limit = 20): Promise<CultivoPage> {
  return api.get<CultivoPage>(`/cultivos${queryString({ ...filterQuery(filter), limit, cursor })}`);
}

/** My cultivos and the ones I help with, newest first. */
export function useMyCultivos(filter: CultivoFilter) {
  return useCursorList({ queryKey: queryKeys.cultivos.mine(filter), fetchPage: (cursor) => getMyCultivos(filter, cursor) });
}

export function getGroupCultivos(groupId: string, filter: CultivoFilter, cursor: string | null): Promise<CultivoPage> {
  return api.get<CultivoPage>(`/groups/${enc(groupId)}/cultivos${queryString({ ...filterQuery({ ...filter, grupo: '' }), limit: 20, cursor })}`);
}

export function useGroupCultivos(groupId: string, filter: CultivoFilter) {
  return useCursorList({
    queryKey: queryKeys.cultivos.group(groupId, filter),
    fetchPage: (cursor) => getGroupCultivos(groupId, filter, cursor),
  });
}

export function useCultivo(id: string) {
  return useQuery({ queryKey: queryKeys.cultivos.detail(id), queryFn: () => api.get<Cultivo>(cultivoPath(id)) });
}

export function useDiario(id: string, enabled = true) {
  return useCursorList({
    queryKey: queryKeys.cultivos.diario(id),
    fetchPage: (cursor) => api.get<DiarioPage>(`${cultivoPath(id)}/diario${queryString({ limit: 20, cursor })}`),
    enabled,
  });
}

export function useColheitas(id: string, enabled = true) {
  return useCursorList({
    queryKey: queryKeys.cultivos.colheitas(id),
    fetchPage: (cursor) => api.get<ColheitaPage>(`${cultivoPath(id)}/colheitas${queryString({ limit: 20, cursor })}`),
    enabled,
  });
}

export function useCreateCultivo() {
  return useCreateAt<CultivoInput, CultivoCriado>('/cultivos', refresh);
}

/** Saves the edit form; a 409 means someone else saved first (the form says to reload). */
export function useEditCultivo(id: string) {
  return useWrite(
    (input: CultivoEdit) => api.put<Cultivo>(cultivoPath(id), input),
    (queryClient, saved) => {
      // The detail as it now is (its new version) at once, so editing again straight away does
      // not send the old version and meet a 409 before the refetch lands.
      queryClient.setQueryData(queryKeys.cultivos.detail(id), saved);
      refresh(queryClient);
    },
  );
}

export function useChangeFase(id: string) {
  return useWrite((input: FaseInput) => api.post<Cultivo>(`${cultivoPath(id)}/fase`, input), refresh);
}

export function useArchiveCultivo(id: string) {
  return useWrite((arquivado: boolean) => api.post<Cultivo>(`${cultivoPath(id)}/arquivo`, { arquivado }), refresh);
}

/** Records a harvest, or queues it with no connection (the reply then isQueued); label names the cultivo there. */
export function useAddColheita(id: string, label: string) {
  return useCreateOrQueue<ColheitaInput, ColheitaCriada>(id, 'colheitas', label);
}

/**
 * The members of a group, to pick collaborators and lotes when starting a cultivo: the same
 * request and cache entry as the group's members tab.
 */
export function useGroupMembers(groupId: string) {
  return useCursorList({
    queryKey: queryKeys.groups.members(groupId),
    fetchPage: (cursor) => api.get<MemberPage>(`/groups/${enc(groupId)}/members${queryString({ limit: 100, cursor })}`),
    enabled: !!groupId,
  });
}

/** Corrects one of my harvests (within its window): points and kg follow the correction. */
export function useEditColheita(cultivoId: string) {
  return useWrite(({ id, input }: { id: string; input: ColheitaEdit }) => api.put<Colheita>(`${cultivoPath(cultivoId)}/colheitas/${enc(id)}`, input), refresh);
}

/** Deletes one of my harvests (within its window): its points and kg go with it. */
export function useDeleteColheita(cultivoId: string) {
  return useWrite((id: string) => api.delete(`${cultivoPath(cultivoId)}/colheitas/${enc(id)}`), refresh);
}

/** Confirms a harvest "a confirmar" (a coordinator at once; other members together). */
export function useConfirmColheita(cultivoId: string) {
  return useWrite((id: string) => api.post<Colheita>(`${cultivoPath(cultivoId)}/colheitas/${enc(id)}/confirmacao`), refresh);
}

/** Deletes one of my diary entries: the points it earned are taken back. */
export function useDeleteDiario(cultivoId: string) {
  return useWrite((id: string) => api.delete(`${cultivoPath(cultivoId)}/diario/${enc(id)}`), refresh);
}
