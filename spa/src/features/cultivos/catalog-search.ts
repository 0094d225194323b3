import type { HortalicaResumo } from '@/types/api';
import type { RegionKey } from '@/features/cultivos/components/calendar-strip';

// Searching and filtering the public catalogue in the browser: the whole catalogue is one reply.

/** Lower case, no accents, words joined by single spaces (as the API's search key). */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface CatalogFilter {
  q: string;
  regiao: RegionKey | '';
  mes: number | null;
}

/** The vegetables matching the filter: q in any name, sown in mes in regiao (or in any region). */
export function filterCatalog(items: HortalicaResumo[], f: CatalogFilter): HortalicaResumo[] {
  const q = foldText(f.q);
  return items.filter((v) => {
    if (q && !foldText([v.nome, v.nomeCientifico, ...v.nomesPopulares].join(' | ')).includes(q)) return false;
    if (f.mes === null && !f.regiao) return true;
    if (!v.semeadura) return false;
    const regions = f.regiao ? [f.regiao] : (['sul', 'sudeste', 'nordeste', 'centroOeste', 'norte'] as const);
    return regions.some((r) => {
      const months = v.semeadura?.[r] ?? [];
      return f.mes === null ? months.length > 0 : months.includes(f.mes);
    });
  });
}
