import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { replaceInLists, useCursorList } from '@/lib/cursor-list';
import { useCreateKeys } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';
import type { Guia, GuiaEdit, GuiaInput, GuiaPage } from '@/types/api';

// The site admins' guides (/api/admin/guias): archived ones included; every write is audited by
// the API. A write refreshes the members' guides too (shown on each cultivo of their vegetables).

export function getAdminGuides(q: string, cursor: string | null): Promise<GuiaPage> {
  return api.get<GuiaPage>(`/admin/guias${queryString({ q: q || null, limit: 50, cursor })}`);
}

export function useAdminGuides(q: string) {
  return useCursorList({ queryKey: queryKeys.adminCatalog.guides(q), fetchPage: (cursor) => getAdminGuides(q, cursor) });
}

function useRefresh() {
  const client = useQueryClient();
  return (saved?: Guia) => {
    if (saved) replaceInLists(client, queryKeys.adminCatalog.allGuides, saved);
    void client.invalidateQueries({ queryKey: queryKeys.adminCatalog.all });
    void client.invalidateQueries({ queryKey: ['catalog'] });
  };
}

export function useCreateGuide() {
  const keys = useCreateKeys();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GuiaInput) => api.create<Guia>('/admin/guias', body, keys.keyFor('/admin/guias', body)),
    onSuccess: () => {
      keys.done();
      refresh();
    },
  });
}

export function useEditGuide(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GuiaEdit) => api.put<Guia>(`/admin/guias/${enc(id)}`, body),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useArchiveGuide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, arquivado, version }: { id: string; arquivado: boolean; version: number }) =>
      api.post<Guia>(`/admin/guias/${enc(id)}/arquivo`, { arquivado, version }),
    onSuccess: (saved) => refresh(saved),
  });
}
