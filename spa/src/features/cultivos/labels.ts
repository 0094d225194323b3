import { formatNumber } from '@/lib/format';
import type { Cultivo, Fase, Vegetal } from '@/types/api';

// The words of the cultivo screens.

export const faseOrder: Fase[] = ['planejado', 'semeado', 'germinando', 'crescendo', 'florescendo', 'pronto', 'colhido'];

// The fases' names are shared with the feed's cultivo cards (a post's cultivo): src/lib/fase-label.ts.
export { faseLabel } from '@/lib/fase-label';

export const tipoDiarioLabel: Record<string, string> = {
  rega: 'Rega',
  adubacao: 'Adubação',
  poda: 'Poda',
  praga: 'Praga/doença',
  observacao: 'Observação',
  foto: 'Foto',
  colheita: 'Colheita',
  fase: 'Fase',
};

export const tiposDiario = ['rega', 'adubacao', 'poda', 'praga', 'observacao'] as const;

export const unidadeColheitaLabel: Record<string, string> = { kg: 'kg', g: 'g', unidades: 'unidades', macos: 'maços' };
export const destinoLabel: Record<string, string> = { consumo: 'Consumo', compartilhado: 'Compartilhado', doado: 'Doado' };
export const unidadePlantioLabel: Record<string, string> = { mudas: 'mudas', sementes: 'sementes', m2: 'm²' };

export const meses = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** A seedling (muda) is planted growing: its path skips semeado and germinando. */
export const faseOrderMuda: Fase[] = ['planejado', 'crescendo', 'florescendo', 'pronto', 'colhido'];

/** A cultivo's own path (a seedling stored at semeado or germinando before that rule keeps the full path). */
export function faseOrderOf(c: Pick<Cultivo, 'metodo' | 'fase' | 'faseAnterior'>): Fase[] {
  const at = c.fase === 'perdido' ? (c.faseAnterior ?? 'planejado') : c.fase;
  return c.metodo === 'muda' && faseOrderMuda.includes(at) ? faseOrderMuda : faseOrder;
}

/** The next phase forward on the path, or null at the end (colhido) and when lost. */
export function nextFase(f: Fase, path: Fase[] = faseOrder): Fase | null {
  const i = path.indexOf(f);
  return i < 0 || i === path.length - 1 ? null : (path[i + 1] ?? null);
}

export function previousFase(f: Fase, path: Fase[] = faseOrder): Fase | null {
  const i = path.indexOf(f);
  return i <= 0 ? null : (path[i - 1] ?? null);
}

export function isOpen(f: Fase): boolean {
  return f !== 'colhido' && f !== 'perdido';
}

/** The countdown a card shows. */
export function countdown(c: Cultivo): string {
  if (c.fase === 'perdido') return 'Perdido';
  if (c.fase === 'colhido') return 'Colhido';
  if (c.janela.atrasado) return 'Atrasado: a janela de colheita passou';
  if (c.totais.colheitas > 0) return c.totais.colheitas === 1 ? '1 colheita registrada' : `${c.totais.colheitas} colheitas registradas`;
  if (c.fase === 'pronto') return 'Pronto para colher';
  if (c.janela.aberta) return 'Janela de colheita aberta';
  if (!c.janela.inicio) return 'Sem previsão de colheita na fonte';
  const d = c.janela.diasParaColheita;
  if (d === 0) return 'Colheita a partir de hoje';
  return d === 1 ? 'Colheita em 1 dia' : `Colheita em ${d} dias`;
}

/** The regions as the calendar names them, from a UF. */
const regiaoDaUF: Record<string, string> = {
  AC: 'norte', AP: 'norte', AM: 'norte', PA: 'norte', RO: 'norte', RR: 'norte', TO: 'norte',
  AL: 'nordeste', BA: 'nordeste', CE: 'nordeste', MA: 'nordeste', PB: 'nordeste', PE: 'nordeste', PI: 'nordeste', RN: 'nordeste', SE: 'nordeste',
  DF: 'centroOeste', GO: 'centroOeste', MT: 'centroOeste', MS: 'centroOeste',
  ES: 'sudeste', MG: 'sudeste', RJ: 'sudeste', SP: 'sudeste',
  PR: 'sul', RS: 'sul', SC: 'sul',
};

export function regionOf(uf: string | undefined | null): string {
  return regiaoDaUF[(uf ?? '').toUpperCase()] ?? '';
}

export const regiaoLabel: Record<string, string> = { sul: 'Sul', sudeste: 'Sudeste', nordeste: 'Nordeste', centroOeste: 'Centro-Oeste', norte: 'Norte' };

/** Whether month (1–12) is a sowing month of v in region: true, false, or null when unknown. */
export function epoca(v: Vegetal, region: string, month: number): boolean | null {
  if (!v.semeadura || !region) return null;
  const months = (v.semeadura as Record<string, number[] | undefined>)[region];
  if (!months) return null;
  return months.includes(month);
}


export function formatQuantidade(n: number): string {
  return formatNumber(n, 3);
}

/** The WhatsApp message a member sends about a harvest of theirs (the link follows it). */
export function colheitaShareText(h: { quantidade: number; unidade: string }, c: { vegetalNome: string; grupoId: string | null; grupoNome: string }): string {
  const onde = c.grupoId ? `na horta do grupo ${c.grupoNome}` : 'na minha horta';
  return `Colhi ${formatQuantidade(h.quantidade)} ${unidadeColheitaLabel[h.unidade] ?? h.unidade} de ${c.vegetalNome} ${onde}! Veja no Verde:`;
}
