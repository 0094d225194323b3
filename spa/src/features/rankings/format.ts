import { formatNumber } from '@/lib/format';
import type { RankingStanding } from '@/types/api';

/** 1 → '1º', 4800 → '4.800º'. */
export function ordinal(n: number): string {
  return `${formatNumber(n)}º`;
}

export function formatPoints(n: number): string {
  return `${formatNumber(n)} ${Math.abs(n) === 1 ? 'ponto' : 'pontos'}`;
}

export function formatKg(kg: number): string {
  return `${formatNumber(kg, 2)} kg`;
}

const months = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-11' → 'novembro de 2026'. */
export function monthName(mes: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(mes ?? '');
  if (!m) return '';
  return `${months[Number(m[2]) - 1] ?? ''} de ${m[1]}`;
}

/**
 * The caller's place in words: exact ('12º lugar'), an estimate past the first 1.000 ('por volta
 * do 4.800º lugar (estimativa)') or a lower bound ('além do 44.000º lugar'); null when not ranked.
 */
export function positionText(s: RankingStanding): string | null {
  if (s.posicao == null) return null;
  if (s.alemDe) return `além do ${ordinal(s.posicao)} lugar`;
  if (s.aproximada) return `por volta do ${ordinal(s.posicao)} lugar (estimativa)`;
  return `${ordinal(s.posicao)} lugar`;
}
