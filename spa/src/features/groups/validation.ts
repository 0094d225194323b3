import type { Entrada, Visibilidade } from '@/features/groups/types';
import { ufs } from '@/features/groups/labels';

// The server's rules (shared/domain group.go, lote.go, invite.go) with its very words, checked
// before sending so the user hears at once; the server checks again and its field errors show too.

export const groupLimits = {
  minNome: 3,
  maxNome: 60,
  maxDescricao: 1000,
  maxCidade: 80,
  minMembros: 2,
  maxMembros: 500,
  defaultMaxMembros: 50,
  maxFotoCapa: 500,
} as const;

export const loteLimits = { maxPrefixo: 3, maxNumero: 9999, maxPorVez: 98, maxArea: 10000, maxObservacoes: 500 } as const;

export const inviteLimits = { minDias: 1, maxDias: 90, defaultDias: 7, minUsos: 1, maxUsos: 1000, defaultUsos: 50 } as const;

export type FieldErrors = Partial<Record<string, string>>;

/** Trimmed, with runs of white space folded, as the server stores single-line text. */
export function cleanText(s: string): string {
  return s.trim().split(/\s+/).filter(Boolean).join(' ');
}

/** Characters, not UTF-16 units (the server counts runes). */
export function length(s: string): number {
  return Array.from(s).length;
}

export interface GroupFormValues {
  nome: string;
  descricao: string;
  cidade: string;
  uf: string;
  fotoCapa: string;
  visibilidade: Visibilidade;
  entrada: Entrada;
  maxMembros: string;
}

export function validateGroup(v: GroupFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const nome = cleanText(v.nome);
  if (!nome) errors.nome = 'O nome do grupo é obrigatório';
  else if (length(nome) < groupLimits.minNome || length(nome) > groupLimits.maxNome) {
    errors.nome = `O nome do grupo deve ter entre ${groupLimits.minNome} e ${groupLimits.maxNome} caracteres`;
  }
  if (length(v.descricao.trim()) > groupLimits.maxDescricao) {
    errors.descricao = `A descrição deve ter no máximo ${groupLimits.maxDescricao} caracteres`;
  }
  const cidade = cleanText(v.cidade);
  if (!cidade) errors.cidade = 'A cidade é obrigatória';
  else if (length(cidade) > groupLimits.maxCidade) errors.cidade = `A cidade deve ter no máximo ${groupLimits.maxCidade} caracteres`;
  if (!v.uf) errors.uf = 'A UF é obrigatória';
  else if (!(ufs as readonly string[]).includes(v.uf)) {
    errors.uf = 'A UF deve ser a sigla de um dos 27 estados brasileiros (por exemplo SP)';
  }
  const foto = v.fotoCapa.trim();
  if (foto) {
    if (length(foto) > groupLimits.maxFotoCapa) {
      errors.fotoCapa = `A foto de capa deve ter no máximo ${groupLimits.maxFotoCapa} caracteres`;
    } else if (!foto.startsWith('https://') || /[ "<>]/.test(foto)) {
      errors.fotoCapa = 'A foto de capa deve ser um endereço https:// ou a chave de um arquivo enviado';
    }
  }
  if (v.visibilidade === 'privado' && v.entrada !== 'convite') {
    errors.entrada = 'Grupos privados só aceitam entrada por convite';
  }
  const max = Number(v.maxMembros);
  if (v.maxMembros.trim() === '' || !Number.isInteger(max) || max < groupLimits.minMembros || max > groupLimits.maxMembros) {
    errors.maxMembros = `O limite de membros deve ser um número entre ${groupLimits.minMembros} e ${groupLimits.maxMembros}`;
  }
  return errors;
}

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

function checkArea(raw: string): string | undefined {
  if (raw.trim() === '') return 'Informe a área do lote em m²';
  const a = parseDecimal(raw);
  const r = Math.round(a * 100) / 100;
  if (Number.isNaN(a) || r <= 0 || r > loteLimits.maxArea) return `A área deve ser maior que 0 e no máximo ${loteLimits.maxArea} m²`;
  return undefined;
}

function checkObservacoes(s: string): string | undefined {
  return length(s.trim()) > loteLimits.maxObservacoes ? `As observações devem ter no máximo ${loteLimits.maxObservacoes} caracteres` : undefined;
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

export function validateInvite(v: { expiraEmDias: string; maxUsos: string }): FieldErrors {
  const errors: FieldErrors = {};
  const dias = Number(v.expiraEmDias);
  if (v.expiraEmDias.trim() === '' || !Number.isInteger(dias) || dias < inviteLimits.minDias || dias > inviteLimits.maxDias) {
    errors.expiraEmDias = `A validade do convite deve ser de ${inviteLimits.minDias} a ${inviteLimits.maxDias} dias`;
  }
  const usos = Number(v.maxUsos);
  if (v.maxUsos.trim() === '' || !Number.isInteger(usos) || usos < inviteLimits.minUsos || usos > inviteLimits.maxUsos) {
    errors.maxUsos = `O limite de usos deve ser um número entre ${inviteLimits.minUsos} e ${inviteLimits.maxUsos}`;
  }
  return errors;
}
