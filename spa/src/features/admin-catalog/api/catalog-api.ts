import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { replaceInLists, useCursorList } from '@/lib/cursor-list';
import { useCreateAt, useWrite } from '@/lib/mutations';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/types/api';

/**
 * The hooks of one of the admins' catalogues (vegetables, guides) at `path`: archived items
 * included; every write is audited by the API and refreshes the members' catalogue too.
 */
export function catalogApi<T extends { id: string }, TInput, TEdit>(
  path: string,
  { lists, list, limit }: { lists: QueryKey; list: (q: string) => QueryKey; limit: number },
) {
  function getPage(q: string, cursor: string | null): Promise<Page<T>> {
    return api.get<Page<T>>(`${path}${queryString({ q: q || null, limit, cursor })}`);
  }

  function refresh(client: QueryClient, saved?: T) {
    if (saved) replaceInLists(client, lists, saved);
    void client.invalidateQueries({ queryKey: queryKeys.adminCatalog.all });
    void client.invalidateQueries({ queryKey: ['catalog'] });
  }

  function useList(q: string) {
    return useCursorList({ queryKey: list(q), fetchPage: (cursor) => getPage(q, cursor) });
  }

  function useCreate() {
    return useCreateAt<TInput, T>(path, (client) => refresh(client));
  }

  function useEdit(id: string) {
    return useWrite((body: TEdit) => api.put<T>(`${path}/${enc(id)}`, body), refresh);
  }

  function useArchive() {
    return useWrite(
      ({ id, arquivado, version }: { id: string; arquivado: boolean; version: number }) =>
        api.post<T>(`${path}/${enc(id)}/arquivo`, { arquivado, version }),
      refresh,
    );
  }

  return { getPage, useList, useCreate, useEdit, useArchive };
}
