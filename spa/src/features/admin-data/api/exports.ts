import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { useCreateKeys } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';
import type { DownloadExportacao, Exportacao, ExportacaoInput, ExportacaoPage } from '@/types/api';

// The admin's data exports (/api/admin/dados/exports): a POST records the export and starts
// its job; the list shows status, rows and size; a download asks for a fresh presigned URL.

/** The recent exports; refreshed every few seconds while one is still running. */
export function useExports() {
  const list = useCursorList({
    queryKey: queryKeys.admin.exports,
    fetchPage: (cursor) => api.get<ExportacaoPage>(`/admin/dados/exports${queryString({ limit: 20, cursor })}`),
  });
  return list;
}

export function useCreateExport() {
  const client = useQueryClient();
  const keys = useCreateKeys();
  return useMutation({
    mutationFn: (body: ExportacaoInput) => api.create<Exportacao>('/admin/dados/exports', body, keys.keyFor('/admin/dados/exports', body)),
    onSuccess: () => {
      keys.done();
      void client.invalidateQueries({ queryKey: queryKeys.admin.exports });
    },
  });
}

/** "Tentar de novo": a failed export runs again from the beginning. */
export function useRetryExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Exportacao>(`/admin/dados/exports/${enc(id)}/repetir`),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.admin.exports }),
  });
}

/** A fresh presigned URL of a finished export's file (valid for 5 minutes). */
export function downloadUrl(id: string) {
  return api.get<DownloadExportacao>(`/admin/dados/exports/${enc(id)}/download`);
}
