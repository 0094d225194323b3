import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, apiFile, saveFile } from '@/lib/api-client';
import { useCreateAt, useWrite } from '@/lib/mutations';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type {
  CalendarioFeed,
  Impacto,
  Inscricao,
  InscricaoReply,
  Mutirao,
  MutiraoDetail,
  MutiraoInput,
  MutiraoPage,
  PresencaInput,
  Relatorio,
} from '@/types/api';

// A group's mutirões (/api/groups/{groupId}/mutiroes), its report and public impact, and the
// calendar feeds. Every write refreshes the mutirão's page and the group's lists.

const mutiroesPath = (groupId: string) => `/groups/${enc(groupId)}/mutiroes`;
const mutiraoPath = (groupId: string, mutiraoId: string) => `${mutiroesPath(groupId)}/${enc(mutiraoId)}`;

function refresh(client: QueryClient, groupId: string) {
  void client.invalidateQueries({ queryKey: queryKeys.mutiroes.all(groupId) });
  void client.invalidateQueries({ queryKey: queryKeys.mutiroes.agenda });
}

/** The coming mutirões (from the soonest) or the past ones (from the latest). */
export function useMutiroes(groupId: string, passados: boolean) {
  return useCursorList({
    queryKey: queryKeys.mutiroes.list(groupId, passados),
    fetchPage: (cursor) =>
      api.get<MutiraoPage>(`${mutiroesPath(groupId)}${queryString({ passados: passados ? 'true' : undefined, limit: 20, cursor })}`),
  });
}

export function useMutirao(groupId: string, mutiraoId: string) {
  return useQuery({
    queryKey: queryKeys.mutiroes.detail(groupId, mutiraoId),
    queryFn: () => api.get<MutiraoDetail>(mutiraoPath(groupId, mutiraoId)),
  });
}

export function useCreateMutirao(groupId: string) {
  return useCreateAt<MutiraoInput, MutiraoDetail>(mutiroesPath(groupId), (client, m) => {
    client.setQueryData(queryKeys.mutiroes.detail(groupId, m.id), m);
    refresh(client, groupId);
  });
}

/** Writes on one mutirão: each answers with what changed, then the page is read again. */
function useMutiraoWrite<In, Out>(groupId: string, mutiraoId: string, write: (input: In) => Promise<Out>) {
  return useWrite(
    write,
    (client) => {
      void client.invalidateQueries({ queryKey: queryKeys.mutiroes.detail(groupId, mutiraoId) });
      refresh(client, groupId);
    },
    { on: 'settled' },
  );
}

export function useSignUp(groupId: string, mutiraoId: string) {
  return useMutiraoWrite(groupId, mutiraoId, (tarefaId: string) =>
    api.put<InscricaoReply>(`${mutiraoPath(groupId, mutiraoId)}/inscricao`, { tarefaId }),
  );
}

export function useLeave(groupId: string, mutiraoId: string) {
  return useMutiraoWrite(groupId, mutiraoId, () => api.delete<void>(`${mutiraoPath(groupId, mutiraoId)}/inscricao`));
}

export function useCheckin(groupId: string, mutiraoId: string) {
  return useMutiraoWrite(groupId, mutiraoId, (codigo: string) => api.post<Inscricao>(`${mutiraoPath(groupId, mutiraoId)}/checkin`, { codigo }));
}

export function usePresence(groupId: string, mutiraoId: string) {
  return useMutiraoWrite(groupId, mutiraoId, ({ userId, ...input }: PresencaInput & { userId: string }) =>
    api.put<Inscricao>(`${mutiraoPath(groupId, mutiraoId)}/presencas/${enc(userId)}`, input),
  );
}

export function useCancelMutirao(groupId: string, mutiraoId: string) {
  return useMutiraoWrite(groupId, mutiraoId, () => api.post<Mutirao>(`${mutiraoPath(groupId, mutiraoId)}/cancelar`));
}

/** The mutirão as an .ics file for the phone's calendar. */
export async function downloadMutiraoICS(groupId: string, m: Mutirao) {
  saveFile(await apiFile(`${mutiraoPath(groupId, m.id)}/ics`), `mutirao-${m.inicio.slice(0, 10)}.ics`);
}

const reportPath = (groupId: string) => `/groups/${enc(groupId)}/relatorio`;

export function useRelatorio(groupId: string, de: string, ate: string) {
  return useQuery({
    queryKey: queryKeys.mutiroes.report(groupId, de, ate),
    queryFn: () => api.get<Relatorio>(`${reportPath(groupId)}${queryString({ de, ate })}`),
  });
}

/** The report as a CSV file (UTF-8 with BOM, ';' between cells: opens in columns in a Brazilian Excel). */
export async function downloadRelatorioCSV(groupId: string, de: string, ate: string) {
  saveFile(await apiFile(`${reportPath(groupId)}${queryString({ de, ate, formato: 'csv' })}`), `relatorio-${de}-a-${ate}.csv`);
}

export function useImpacto(groupId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.mutiroes.impacto(groupId),
    queryFn: () => api.get<Impacto>(`/groups/${enc(groupId)}/impacto`),
    enabled,
    retry: false,
  });
}

export function useSetImpacto(groupId: string) {
  return useWrite(
    (publico: boolean) => api.put<Impacto>(`/groups/${enc(groupId)}/impacto`, { publico }),
    (client, imp) => client.setQueryData(queryKeys.mutiroes.impacto(groupId), imp),
  );
}

/** The caller's calendar feed address: their own (groupId '') or a group's. */
export function useCalendarFeed(groupId: string) {
  return useQuery({
    queryKey: queryKeys.mutiroes.calendar(groupId),
    queryFn: () => api.get<CalendarioFeed>(`/me/calendario${queryString({ groupId: groupId || undefined })}`),
  });
}

export function useNewCalendarFeed(groupId: string) {
  return useWrite(
    () => api.put<CalendarioFeed>('/me/calendario', groupId ? { groupId } : {}),
    (client, f) => client.setQueryData(queryKeys.mutiroes.calendar(groupId), f),
  );
}

export function useRevokeCalendarFeed(groupId: string) {
  return useWrite(
    () => api.delete<void>(`/me/calendario${queryString({ groupId: groupId || undefined })}`),
    (client) => client.setQueryData<CalendarioFeed>(queryKeys.mutiroes.calendar(groupId), { url: null, groupId: groupId || null }),
  );
}
