import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { CultivoPage, PlanteAgora } from '@/types/api';

// The cultivos reads the dashboard prefetches with its chunk (app/routes/app/dashboard.tsx), kept
// apart from the feature's other API code so that the dashboard's first JavaScript stays small.

/** How many active cultivos the dashboard shows. */
export const dashboardCultivosShown = 5;

/** My newest active cultivos (GET /api/cultivos?ativos=true&limit=5). */
export const dashboardCultivosQuery = {
  queryKey: queryKeys.dashboard.cultivos,
  queryFn: () => api.get<CultivoPage>(`/cultivos${queryString({ ativos: 'true', limit: dashboardCultivosShown })}`),
};

export function getPlanteAgora(uf: string): Promise<PlanteAgora> {
  return api.get<PlanteAgora>(`/vegetables/plante-agora${queryString({ uf: uf || null })}`);
}

/** What to sow this month: in uf's region, or (uf "") in the region of the UF on my profile. */
export function planteAgoraQuery(uf = '') {
  return { queryKey: queryKeys.catalog.planteAgora(uf), queryFn: () => getPlanteAgora(uf), staleTime: 10 * 60_000 };
}
