import type { FieldErrors } from '@/lib/errors';
import { charCount } from '@/lib/text';

// The server's rules for lotes (shared/domain lote.go) with its very words, checked before
// sending so the user hears at once; the server checks again and its field errors show too.

export const loteLimits = { maxPrefixo: 3, maxNumero: 9999, maxPorVez: 98, maxArea: 10000, maxObservacoes: 500 } as const;

export interface BulkLotesValues {
  prefixo: string;
  inicio: string;
  fim: string;
  area: string;
  observacoes: string;
}

/** '12,5' and '12.5' are both 12.5 (Brazilian keyboards type the comma). */
export function parseDecimal(s: string): number {
  const t = s.trim().replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/** An area typed in the form as the API takes it: m² with at most two decimals. */
export function areaFrom(raw: string): number {
  return Math.round(parseDecimal(raw) * 100) / 100;
}

function checkArea(raw: string): string | undefined {
  if (raw.trim() === '') return 'Informe a área do lote em m²';
  const a = parseDecimal(raw);
  const r = Math.round(a * 100) / 100;
  if (Number.isNaN(a) || r < 0.01 || r > loteLimits.maxArea) return `A área deve estar entre 0,01 e ${loteLimits.maxArea} m²`;
  return undefined;
}

function checkObservacoes(s: string): string | undefined {
  return charCount(s.trim()) > loteLimits.maxObservacoes ? `As observações devem ter no máximo ${loteLimits.maxObservacoes} caracteres` : undefined;
}

export function validateBulkLotes(v: BulkLotesValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[A-Z]{0,3}$/.test(v.prefixo.trim().toUpperCase())) {
    errors.prefixo = `O prefixo deve ter no máximo ${loteLimits.maxPrefixo} letras, sem acentos (por exemplo A)`;
  }
  const inicio = Number(v.inicio);
  const fim = Number(v.fim);
  if (v.inicio.trim() === '') errors.inicio = 'Informe o número inicial (inicio)';
  else if (!Number.isInteger(inicio) || inicio < 1 || inicio > loteLimits.maxNumero) {
    errors.inicio = `O número inicial deve estar entre 1 e ${loteLimits.maxNumero}`;
  }
  if (v.fim.trim() === '') errors.fim = 'Informe o número final (fim)';
  else if (!Number.isInteger(fim) || (!errors.inicio && fim < inicio) || fim > loteLimits.maxNumero) {
    errors.fim = `O número final deve estar entre o inicial e ${loteLimits.maxNumero}`;
  } else if (!errors.inicio && fim - inicio + 1 > loteLimits.maxPorVez) {
    errors.fim = `Crie no máximo ${loteLimits.maxPorVez} lotes por vez`;
  }
  const area = checkArea(v.area);
  if (area) errors.area = area;
  const obs = checkObservacoes(v.observacoes);
  if (obs) errors.observacoes = obs;
  return errors;
}

export function validateLoteEdit(v: { area: string; observacoes: string }): FieldErrors {
  const errors: FieldErrors = {};
  const area = checkArea(v.area);
  if (area) errors.area = area;
  const obs = checkObservacoes(v.observacoes);
  if (obs) errors.observacoes = obs;
  return errors;
}
