import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { Analise, Indicadores, TotaisEntidades } from '@/types/api';

// The site statistics the acts write (store/stats.go): the dashboard's KPIs, /admin/analytics'
// series and /admin/dados' counts. Each is a few BatchGetItem calls on the server.

const statsKeys = queryKeys.adminStats;

export function useKpis() {
  return useQuery({ queryKey: statsKeys.kpis, queryFn: () => api.get<Indicadores>('/admin/kpis') });
}

export function useTotais() {
  return useQuery({ queryKey: statsKeys.totais, queryFn: () => api.get<TotaisEntidades>('/admin/totais') });
}

export type Granularidade = 'dia' | 'semana' | 'mes';

export function useAnalytics(de: string, ate: string, granularidade: Granularidade, uf: string) {
  return useQuery({
    queryKey: statsKeys.analytics(de, ate, granularidade, uf),
    queryFn: () => api.get<Analise>(`/admin/analytics${queryString({ de, ate, granularidade, uf })}`),
    placeholderData: (prev) => prev,
  });
}
