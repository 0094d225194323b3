import type { FieldErrors } from '@/lib/errors';
import { charCount, cleanText } from '@/lib/text';
import { isUf } from '@/features/groups/labels';
import type { Entrada, Visibilidade } from '@/types/api';

// The server's rules (shared/domain group.go, invite.go) with its very words, checked before
// sending so the user hears at once; the server checks again and its field errors show too.

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

export const inviteLimits = { minDias: 1, maxDias: 90, defaultDias: 7, minUsos: 1, maxUsos: 1000, defaultUsos: 50 } as const;

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
  else if (charCount(nome) < groupLimits.minNome || charCount(nome) > groupLimits.maxNome) {
    errors.nome = `O nome do grupo deve ter entre ${groupLimits.minNome} e ${groupLimits.maxNome} caracteres`;
  }
  if (charCount(v.descricao.trim()) > groupLimits.maxDescricao) {
    errors.descricao = `A descrição deve ter no máximo ${groupLimits.maxDescricao} caracteres`;
  }
  const cidade = cleanText(v.cidade);
  if (!cidade) errors.cidade = 'A cidade é obrigatória';
  else if (charCount(cidade) > groupLimits.maxCidade) errors.cidade = `A cidade deve ter no máximo ${groupLimits.maxCidade} caracteres`;
  if (!v.uf) errors.uf = 'A UF é obrigatória';
  else if (!isUf(v.uf)) {
    errors.uf = 'A UF deve ser a sigla de um dos 27 estados brasileiros (por exemplo SP)';
  }
  const foto = v.fotoCapa.trim();
  if (foto) {
    if (charCount(foto) > groupLimits.maxFotoCapa) {
      errors.fotoCapa = `A foto de capa deve ter no máximo ${groupLimits.maxFotoCapa} caracteres`;
    } else if ((!foto.startsWith('https://') && !foto.startsWith('fotos/') && !foto.startsWith('quarantine/')) || /[ "<>]/.test(foto)) {
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
