import type { Mock } from 'vitest';
import type { GroupDetail, GroupSummary, Invite, Lote, LoteRequest, Member, MyGroup, PublicGroup, PublicInvite } from '@/types/api';

// API answers for the groups screens' tests, shaped like shared/api/groups and shared/api/slots.

export function summary(overrides: Partial<GroupSummary> = {}): GroupSummary {
  return {
    id: 'g1',
    nome: 'Horta da Vila',
    descricao: 'Uma horta no terreno da associação.',
    cidade: 'Campinas',
    uf: 'SP',
    fotoCapa: null,
    visibilidade: 'publico',
    entrada: 'aberta',
    maxMembros: 50,
    memberCount: 3,
    lotes: { livre: 10, ocupado: 2, manutencao: 0, total: 12 },
    createdAt: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

export function detail(overrides: Partial<GroupDetail> = {}): GroupDetail {
  return {
    ...summary(),
    solicitacoesPendentes: 0,
    ownerId: 'owner-1',
    updatedAt: '2025-03-01T12:00:00Z',
    version: 3,
    meuPapel: 'membro',
    minhaSolicitacao: false,
    meusLotes: [],
    meusPedidosLote: [],
    ...overrides,
  };
}

export function myGroup(overrides: Partial<MyGroup> = {}): MyGroup {
  return { ...summary(), meuPapel: 'membro', joinedAt: '2025-03-02T12:00:00Z', meusLotes: [], ...overrides };
}

export function publicGroup(overrides: Partial<PublicGroup> = {}): PublicGroup {
  return { ...summary(), novosMembrosMes: 2, ...overrides };
}

export function member(overrides: Partial<Member> = {}): Member {
  return { userId: 'u-x', nome: 'Fulano', papel: 'membro', joinedAt: '2025-03-02T12:00:00Z', lotes: [], lotesSolicitados: [], ...overrides };
}

/** The test user (user-1) and three others, as GET /members lists them. */
export const members: Member[] = [
  member({ userId: 'owner-1', nome: 'Dona Rosa', papel: 'dono' }),
  member({ userId: 'coord-1', nome: 'Carlos Coord', papel: 'coordenador' }),
  member({ userId: 'user-1', nome: 'Maria Clara Souza', papel: 'membro' }),
  member({ userId: 'u-2', nome: 'João Pedro', papel: 'membro', lotes: ['A2'] }),
];

export function lote(codigo: string, overrides: Partial<Lote> = {}): Lote {
  return {
    groupId: 'g1',
    codigo,
    area: 4.5,
    status: 'livre',
    responsavelId: null,
    responsavelNome: null,
    atribuidoEm: null,
    observacoes: '',
    pedidosPendentes: 0,
    version: 1,
    createdAt: '2025-03-01T12:00:00Z',
    updatedAt: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

export function loteRequest(codigo: string, userId: string, nome: string): LoteRequest {
  return { groupId: 'g1', codigo, userId, nome, createdAt: '2025-03-05T12:00:00Z' };
}

export function invite(overrides: Partial<Invite> = {}): Invite {
  return {
    token: 'abcdefghijklmnopqrstuv',
    groupId: 'g1',
    createdBy: 'owner-1',
    createdAt: '2025-03-01T12:00:00Z',
    expiraEm: '2099-03-08T12:00:00Z',
    maxUsos: 50,
    usos: 0,
    revogado: false,
    status: 'valido',
    link: '/grupos/g1/convite?c=abcdefghijklmnopqrstuv',
    ...overrides,
  };
}

export function publicInvite(overrides: Partial<PublicInvite> = {}): PublicInvite {
  return { token: 'abcdefghijklmnopqrstuv', status: 'valido', expiraEm: '2099-03-08T12:00:00Z', grupo: summary(), jaMembro: null, ...overrides };
}

export function page<T>(items: T[], nextCursor: string | null = null) {
  return { items, nextCursor };
}

/** The URLs fetched with method and path (query strings included). */
export function calls(fetchMock: Mock, method: string, path: string): { url: URL; body: unknown }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.toString() : (input as Request).url;
      const url = new URL(raw, 'http://localhost');
      const m = (init as RequestInit | undefined)?.method ?? 'GET';
      const body = (init as RequestInit | undefined)?.body;
      return { url, method: m, body: typeof body === 'string' ? JSON.parse(body) : undefined };
    })
    .filter((c) => c.method === method && c.url.pathname === path)
    .map(({ url, body }) => ({ url, body }));
}
