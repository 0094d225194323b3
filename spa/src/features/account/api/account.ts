import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useOptimisticSave } from '@/features/account/api/optimistic';
import type { AccountDeletion, Conta, DataExportChunk, ExclusaoInput, NotificationPreferences, NotificationPreferencesInput } from '@/types/api';

/** GET /api/me/conta: the account type, the groups I own, a deletion under way. */
export function useConta() {
  return useQuery({ queryKey: queryKeys.account.conta, queryFn: () => api.get<Conta>('/me/conta') });
}

/** Everything of the export, by section, as the downloaded file holds it. */
export interface DataExport {
  formato: 'verde-dados-pessoais';
  versao: 1;
  geradoEm: string;
  secoes: Record<string, Record<string, unknown>[]>;
}

/**
 * Reads the whole export (GET /api/me/dados, following nextCursor: each request reads a bounded
 * part of the account) and assembles one object; onProgress gets the records read so far.
 */
export async function fetchExport(onProgress?: (records: number) => void, signal?: AbortSignal): Promise<DataExport> {
  const secoes: DataExport['secoes'] = {};
  let cursor: string | null = null;
  let records = 0;
  do {
    const path: string = cursor ? `/me/dados?cursor=${encodeURIComponent(cursor)}` : '/me/dados';
    const chunk: DataExportChunk = await api.get<DataExportChunk>(path, { signal });
    for (const item of chunk.itens) {
      (secoes[item.secao] ??= []).push(item.dados);
    }
    records += chunk.itens.length;
    onProgress?.(records);
    cursor = chunk.nextCursor ?? null;
  } while (cursor);
  return { formato: 'verde-dados-pessoais', versao: 1, geradoEm: new Date().toISOString(), secoes };
}

/** One chunk of the deletion (POST /api/me/exclusao); the caller repeats until concluida. */
export function deleteStep(input: ExclusaoInput): Promise<AccountDeletion> {
  return api.post<AccountDeletion>('/me/exclusao', input);
}

/** Runs the deletion to its end, reporting each chunk's progress. */
export async function deleteAccount(input: ExclusaoInput, onProgress: (p: AccountDeletion) => void): Promise<AccountDeletion> {
  for (let i = 0; i < 200; i++) {
    const p = await deleteStep(input);
    onProgress(p);
    if (p.concluida) return p;
  }
  throw new Error('A exclusão não terminou. Tente novamente.');
}

/** GET /api/me/notificacoes/preferencias: each kind of notification, on or muted. */
export function useNotificationPrefs() {
  return useQuery({
    queryKey: queryKeys.account.notificationPrefs,
    queryFn: () => api.get<NotificationPreferences>('/me/notificacoes/preferencias'),
  });
}

/** PUT the muted kinds, shown at once (rolled back on failure); the badge refreshes. */
export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useOptimisticSave(
    queryKeys.account.notificationPrefs,
    (input: NotificationPreferencesInput) => api.put<NotificationPreferences>('/me/notificacoes/preferencias', input),
    (previous, input) => {
      const muted = new Set<string>(input.silenciados);
      return { tipos: previous.tipos.map((k) => ({ ...k, ativo: !muted.has(k.tipo) })) };
    },
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount }),
  );
}
