import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { planteAgoraQuery } from '@/features/cultivos/api/queries';

export { getPlanteAgora } from '@/features/cultivos/api/queries';
import type { Guia, GuiaPage, Hortalica, Hortalicas, Vegetal, VegetalPage } from '@/types/api';

// The vegetable catalogue (/api/vegetables): search by name, one vegetable, and what to sow
// this month in the caller's region.

export function getVegetais(q: string, cursor: string | null): Promise<VegetalPage> {
  return api.get<VegetalPage>(`/vegetables${queryString({ q: q || null, limit: 100, cursor })}`);
}

/** The catalogue (55 species: one page of 100), optionally only names containing q. */
export function useVegetais(q: string) {
  return useCursorList({ queryKey: queryKeys.catalog.vegetais(q), fetchPage: (cursor) => getVegetais(q, cursor) });
}

export function getVegetal(id: string): Promise<Vegetal> {
  return api.get<Vegetal>(`/vegetables/${enc(id)}`);
}

export function useVegetal(id: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.catalog.vegetal(id), queryFn: () => getVegetal(id), enabled: enabled && !!id, staleTime: 10 * 60_000 });
}

/** What to sow this month: in uf's region, or (uf "") in the region of the UF on my profile. */
export function usePlanteAgora(uf = '') {
  return useQuery(planteAgoraQuery(uf));
}

export function getVegetalGuides(id: string, cursor: string | null): Promise<GuiaPage> {
  return api.get<GuiaPage>(`/vegetables/${enc(id)}/guias${queryString({ limit: 20, cursor })}`);
}

/** The guides of a vegetable (markdown), shown on every cultivo of it. */
export function useVegetalGuides(id: string) {
  return useCursorList({ queryKey: queryKeys.catalog.guides(id), fetchPage: (cursor) => getVegetalGuides(id, cursor), enabled: !!id });
}

// The public catalogue (/hortalicas, /guias): read signed out too.

export function getHortalicas(): Promise<Hortalicas> {
  return api.get<Hortalicas>('/hortalicas');
}

/** Every vegetable, for /hortalicas to search and filter as the reader types. */
export function useHortalicas() {
  return useQuery({ queryKey: queryKeys.catalog.hortalicas, queryFn: getHortalicas, staleTime: 10 * 60_000 });
}

export function getHortalica(id: string): Promise<Hortalica> {
  return api.get<Hortalica>(`/hortalicas/${enc(id)}`);
}

/** One vegetable with its care fields, their sources and its guides. */
export function useHortalica(id: string) {
  return useQuery({ queryKey: queryKeys.catalog.hortalica(id), queryFn: () => getHortalica(id), enabled: !!id, staleTime: 10 * 60_000 });
}

export function getGuides(cursor: string | null): Promise<GuiaPage> {
  return api.get<GuiaPage>(`/guias${queryString({ limit: 50, cursor })}`);
}

/** Every live guide (/guias). */
export function useGuides() {
  return useCursorList({ queryKey: queryKeys.catalog.allGuides, fetchPage: getGuides });
}

export function useGuide(id: string) {
  return useQuery({ queryKey: queryKeys.catalog.guide(id), queryFn: () => api.get<Guia>(`/guias/${enc(id)}`), enabled: !!id });
}
