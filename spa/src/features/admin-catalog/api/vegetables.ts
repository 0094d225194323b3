import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { replaceInLists, useCursorList } from '@/lib/cursor-list';
import { useCreateKeys } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';
import type { VegetalAdmin, VegetalAdminPage, VegetalEdit, VegetalInput } from '@/types/api';

// The site admins' vegetable catalogue (/api/admin/vegetables): archived vegetables included;
// every write is audited by the API. A write refreshes the members' catalogue too.

export function getAdminVegetables(q: string, cursor: string | null): Promise<VegetalAdminPage> {
  return api.get<VegetalAdminPage>(`/admin/vegetables${queryString({ q: q || null, limit: 100, cursor })}`);
}

export function useAdminVegetables(q: string) {
  return useCursorList({ queryKey: queryKeys.adminCatalog.vegetables(q), fetchPage: (cursor) => getAdminVegetables(q, cursor) });
}

function useRefresh() {
  const client = useQueryClient();
  return (saved?: VegetalAdmin) => {
    if (saved) replaceInLists(client, queryKeys.adminCatalog.allVegetables, saved);
    void client.invalidateQueries({ queryKey: queryKeys.adminCatalog.all });
    void client.invalidateQueries({ queryKey: ['catalog'] });
  };
}

export function useCreateVegetable() {
  const keys = useCreateKeys();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: VegetalInput) => api.create<VegetalAdmin>('/admin/vegetables', body, keys.keyFor('/admin/vegetables', body)),
    onSuccess: () => {
      keys.done();
      refresh();
    },
  });
}

export function useEditVegetable(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: VegetalEdit) => api.put<VegetalAdmin>(`/admin/vegetables/${enc(id)}`, body),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useArchiveVegetable() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, arquivado, version }: { id: string; arquivado: boolean; version: number }) =>
      api.post<VegetalAdmin>(`/admin/vegetables/${enc(id)}/arquivo`, { arquivado, version }),
    onSuccess: (saved) => refresh(saved),
  });
}
