import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import type { Analise, Indicadores, TotaisEntidades } from '@/types/api';

// The site statistics the acts write (store/stats.go): the dashboard's KPIs, /admin/analytics'
// series and /admin/dados' counts. Each is a few BatchGetItem calls on the server.

// The keys live here, not in lib/query-keys: that module is in the bundle /dashboard loads
// first (at its size budget), and nothing outside /admin reads these.
const statsKeys = {
  all: ['admin', 'stats'] as const,
  kpis: ['admin', 'stats', 'kpis'] as const,
  totais: ['admin', 'stats', 'totais'] as const,
  analytics: (de: string, ate: string, granularidade: string, uf: string) => ['admin', 'stats', 'analytics', de, ate, granularidade, uf] as const,
};

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
