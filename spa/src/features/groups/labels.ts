import type { Entrada, InviteStatus, LoteStatus, Papel, Visibilidade } from '@/features/groups/types';

// Words the screens show for the API's enums, and the 27 federative units (shared/domain.UFs).

export const ufs = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

export const papelLabel: Record<Papel, string> = {
  dono: 'Dono',
  coordenador: 'Coordenador',
  membro: 'Membro',
};

export const entradaLabel: Record<Entrada, string> = {
  aberta: 'Aberta',
  aprovacao: 'Com aprovação',
  convite: 'Só por convite',
};

export const entradaHint: Record<Entrada, string> = {
  aberta: 'Qualquer pessoa entra na hora.',
  aprovacao: 'Um coordenador aprova cada pedido.',
  convite: 'Só quem recebe um link de convite.',
};

export const visibilidadeLabel: Record<Visibilidade, string> = {
  publico: 'Público',
  privado: 'Privado',
};

export const loteStatusLabel: Record<LoteStatus, string> = {
  livre: 'livre',
  ocupado: 'ocupado',
  manutencao: 'manutenção',
};

export const inviteStatusLabel: Record<InviteStatus, string> = {
  valido: 'Válido',
  expirado: 'Expirado',
  revogado: 'Revogado',
  esgotado: 'Esgotado',
};

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormat.format(d);
}

const areaFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

export function formatArea(m2: number): string {
  return `${areaFormat.format(m2)} m²`;
}

/** '1 membro', '12 membros'. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
