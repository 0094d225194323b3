// JSON shapes of the groups and slots API (shared/domain and shared/api/groups, shared/api/slots).

export type Visibilidade = 'publico' | 'privado';
export type Entrada = 'aberta' | 'aprovacao' | 'convite';
export type Papel = 'dono' | 'coordenador' | 'membro';
export type LoteStatus = 'livre' | 'ocupado' | 'manutencao';
export type InviteStatus = 'valido' | 'expirado' | 'revogado' | 'esgotado';

/** The one list shape of the API. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface LoteCounts {
  livre: number;
  ocupado: number;
  manutencao: number;
  total: number;
}

/** What anyone who may see a group sees of it (directory, public page, invite page): no person's data. */
export interface GroupSummary {
  id: string;
  nome: string;
  descricao: string;
  cidade: string;
  uf: string;
  fotoCapa: string | null;
  visibilidade: Visibilidade;
  entrada: Entrada;
  maxMembros: number;
  memberCount: number;
  lotes: LoteCounts;
  createdAt: string;
}

/** GET /api/groups/{groupId}: the group and the caller's place in it. */
export interface GroupDetail extends GroupSummary {
  solicitacoesPendentes: number;
  ownerId: string;
  updatedAt: string;
  version: number;
  meuPapel: Papel | null;
  minhaSolicitacao: boolean;
  meusLotes: string[];
  meusPedidosLote: string[];
  pontosGanhos?: number;
}

/** GET /api/groups/{groupId}/public. */
export interface PublicGroup extends GroupSummary {
  novosMembrosMes: number;
}

/** An item of GET /api/groups/mine. */
export interface MyGroup extends GroupSummary {
  meuPapel: Papel;
  joinedAt: string;
  meusLotes: string[];
}

/** An item of GET /api/groups/{groupId}/members. */
export interface Member {
  userId: string;
  nome: string;
  papel: Papel;
  joinedAt: string;
  lotes: string[];
  lotesSolicitados: string[];
}

/** An item of GET /api/groups/{groupId}/requests. */
export interface JoinRequest {
  userId: string;
  nome: string;
  createdAt: string;
}

/** The answer to a join, a request to a group that takes approval, or an invite accepted. */
export interface JoinReply {
  status: 'membro' | 'pendente';
  pontosGanhos: number;
  grupo: GroupSummary;
}

/** An invite as coordinators see it, with the SPA path to share. */
export interface Invite {
  token: string;
  groupId: string;
  createdBy: string;
  createdAt: string;
  expiraEm: string;
  maxUsos: number;
  usos: number;
  revogado: boolean;
  status: InviteStatus;
  link: string;
}

/** GET /api/invites/{token}: the invite landing page. */
export interface PublicInvite {
  token: string;
  status: InviteStatus;
  expiraEm: string;
  grupo: GroupSummary;
  /** null when signed out. */
  jaMembro: boolean | null;
}

export interface Lote {
  groupId: string;
  codigo: string;
  area: number;
  status: LoteStatus;
  responsavelId: string | null;
  responsavelNome: string | null;
  atribuidoEm: string | null;
  observacoes: string;
  pedidosPendentes: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface LoteRequest {
  groupId: string;
  codigo: string;
  userId: string;
  nome: string;
  createdAt: string;
}
