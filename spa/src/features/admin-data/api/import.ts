import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ImportacaoVegetais } from '@/types/api';

// The vegetable import (/api/admin/dados/vegetais/…): the CSV file as the body; validar is the
// dry run (nothing written), importar writes the good rows.

export function useImportVegetais() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api.post<ImportacaoVegetais>(`/admin/dados/vegetais/${dryRun ? 'validar' : 'importar'}`, csv, { contentType: 'text/csv; charset=utf-8' }),
    onSuccess: (_, { dryRun }) => {
      if (!dryRun) void client.invalidateQueries({ queryKey: queryKeys.adminCatalog.all });
    },
  });
}
