import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { invalidate, useCreateAt, useWrite } from '@/lib/mutations';
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

const refresh = invalidate(queryKeys.admin.exports);

export function useCreateExport() {
  return useCreateAt<ExportacaoInput, Exportacao>('/admin/dados/exports', refresh);
}

/** "Tentar de novo": a failed export runs again from the beginning. */
export function useRetryExport() {
  return useWrite((id: string) => api.post<Exportacao>(`/admin/dados/exports/${enc(id)}/repetir`), refresh, { on: 'settled' });
}

/** A fresh presigned URL of a finished export's file (valid for 5 minutes). */
export function downloadUrl(id: string) {
  return api.get<DownloadExportacao>(`/admin/dados/exports/${enc(id)}/download`);
}
