import type { Entrada, InviteStatus, Papel, UF, Visibilidade } from '@/types/api';

// Words the screens show for the API's enums, and the 27 federative units (shared/domain.UFs).

export const ufs: readonly UF[] = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
];

export function isUf(s: string): s is UF {
  return (ufs as readonly string[]).includes(s);
}

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

export const inviteStatusLabel: Record<InviteStatus, string> = {
  valido: 'Válido',
  expirado: 'Expirado',
  revogado: 'Revogado',
  esgotado: 'Esgotado',
};
