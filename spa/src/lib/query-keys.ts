// The one query-key factory: every react-query key of the SPA is made here, never written
// literally in a hook. Keys nest, so one prefix invalidates a whole family: everything about one
// group sits under groups.group(id) (its detail, members, requests, invites, lotes and lote
// requests), and one write refreshes them all.

export interface DirectorySearch {
  q: string;
  cidade: string;
  uf: string;
}

export const queryKeys = {
  /** The signed-in user's profile (GET /api/me), owned by the auth state. */
  me: {
    all: ['me'] as const,
    profile: (userId: string) => ['me', userId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
    list: ['notifications', 'list'] as const,
  },
  /** Progress (level, conquistas, stats): mine and other members'. */
  progress: {
    all: ['progress'] as const,
    mine: ['progress', 'me'] as const,
    member: (userId: string) => ['progress', 'member', userId] as const,
    /** My points history (GET /api/me/pontos): every act refreshes progress, and with it this. */
    points: ['progress', 'pontos'] as const,
  },
  groups: {
    all: ['groups'] as const,
    mine: ['groups', 'mine'] as const,
    directoryAll: ['groups', 'directory'] as const,
    directory: (search: DirectorySearch) => ['groups', 'directory', search] as const,
    group: (groupId: string) => ['groups', 'group', groupId] as const,
    detail: (groupId: string) => ['groups', 'group', groupId, 'detail'] as const,
    members: (groupId: string) => ['groups', 'group', groupId, 'members'] as const,
    requests: (groupId: string) => ['groups', 'group', groupId, 'requests'] as const,
    invites: (groupId: string) => ['groups', 'group', groupId, 'invites'] as const,
    publicPage: (groupId: string) => ['groups', 'public', groupId] as const,
    /** An invite landing page; its answer (jaMembro) depends on who asks. */
    inviteAll: (token: string) => ['groups', 'invite', token] as const,
    invite: (token: string, userId: string | null) => ['groups', 'invite', token, userId ?? 'anonimo'] as const,
  },
  /** A group's shared work: under groups.group(id), so a group write refreshes them too. */
  mutiroes: {
    list: (groupId: string, passados: boolean) => ['groups', 'group', groupId, 'mutiroes', passados ? 'passados' : 'proximos'] as const,
    all: (groupId: string) => ['groups', 'group', groupId, 'mutiroes'] as const,
    detail: (groupId: string, mutiraoId: string) => ['groups', 'group', groupId, 'mutiroes', 'one', mutiraoId] as const,
    report: (groupId: string, de: string, ate: string) => ['groups', 'group', groupId, 'relatorio', de, ate] as const,
    impacto: (groupId: string) => ['groups', 'impacto', groupId] as const,
    calendar: (groupId: string) => ['calendario', groupId] as const,
    agenda: ['agenda'] as const,
    escalas: (groupId: string) => ['groups', 'group', groupId, 'escalas'] as const,
    escala: (groupId: string, escalaId: string) => ['groups', 'group', groupId, 'escalas', 'one', escalaId] as const,
    partilhas: (groupId: string) => ['groups', 'group', groupId, 'partilhas'] as const,
    partilha: (groupId: string, partilhaId: string) => ['groups', 'group', groupId, 'partilhas', 'one', partilhaId] as const,
  },
  lotes: {
    grid: (groupId: string) => ['groups', 'group', groupId, 'lotes'] as const,
    requests: (groupId: string) => ['groups', 'group', groupId, 'lote-requests'] as const,
  },
  catalog: {
    /** 'vegetables' and 'vegetable' stay in these keys: they are saved on members' devices
     * (lib/offline/persist.ts), and a new name would drop the catalogue kept for offline use. */
    vegetais: (q: string) => ['catalog', 'vegetables', q] as const,
    vegetal: (id: string) => ['catalog', 'vegetable', id] as const,
    planteAgora: (uf: string) => ['catalog', 'plante-agora', uf] as const,
    guides: (vegetalId: string) => ['catalog', 'vegetable', vegetalId, 'guias'] as const,
    /** The public catalogue (/hortalicas), one vegetable's public page, the guides (/guias). */
    hortalicas: ['catalog', 'hortalicas'] as const,
    hortalica: (id: string) => ['catalog', 'hortalicas', id] as const,
    allGuides: ['catalog', 'guias'] as const,
    guide: (id: string) => ['catalog', 'guias', id] as const,
  },
  /** Banners: the member's active ones (dashboard) and the admins' list; a write refreshes both. */
  banners: {
    all: ['banners'] as const,
    active: ['banners', 'active'] as const,
    admin: ['banners', 'admin'] as const,
  },
  /** The site admins' rules and members (/admin/configuracoes, /admin/usuarios). */
  admin: {
    rules: ['admin', 'rules'] as const,
    usersAll: ['admin', 'users'] as const,
    users: (q: string, por: string) => ['admin', 'users', 'search', por, q] as const,
    user: (id: string) => ['admin', 'users', 'user', id] as const,
    ledger: (id: string) => ['admin', 'users', 'user', id, 'ledger'] as const,
    audit: (adminId: string, acao: string, mes: string) => ['admin', 'audit', adminId, acao, mes] as const,
    exports: ['admin', 'dados', 'exports'] as const,
  },
  /** The site admins' catalogue (/admin/vegetais); a write there refreshes ['catalog'] too. */
  adminCatalog: {
    all: ['admin', 'catalog'] as const,
    allVegetais: ['admin', 'catalog', 'vegetais'] as const,
    vegetais: (q: string) => ['admin', 'catalog', 'vegetais', q] as const,
    allGuides: ['admin', 'catalog', 'guides'] as const,
    guides: (q: string) => ['admin', 'catalog', 'guides', q] as const,
  },
  /** Every cultivo read sits under ['cultivos'], so one write refreshes them all. */
  cultivos: {
    all: ['cultivos'] as const,
    mine: (filter: CultivoFilter) => ['cultivos', 'mine', filter] as const,
    group: (groupId: string, filter: CultivoFilter) => ['cultivos', 'group', groupId, filter] as const,
    detail: (id: string) => ['cultivos', 'detail', id] as const,
    diario: (id: string) => ['cultivos', 'detail', id, 'diario'] as const,
    colheitas: (id: string) => ['cultivos', 'detail', id, 'colheitas'] as const,
  },
  /** Every ranking read sits under ['rankings']: points and harvests move them all. */
  rankings: {
    all: ['rankings'] as const,
    members: (periodo: string) => ['rankings', 'membros', periodo] as const,
    groups: (periodo: string, grupo: string) => ['rankings', 'grupos', periodo, grupo] as const,
    group: (groupId: string, periodo: string) => ['rankings', 'grupo', groupId, periodo] as const,
    myGroups: ['rankings', 'meus-grupos'] as const,
    league: ['rankings', 'liga'] as const,
  },
  /** The member's account as /configuracoes shows it (GET /api/me/conta). */
  account: {
    conta: ['account', 'conta'] as const,
    notificationPrefs: ['account', 'notification-prefs'] as const,
    emailChoices: ['account', 'email-choices'] as const,
    unsubscribe: (token: string) => ['account', 'unsubscribe', token] as const,
  },
  /** Every feed read sits under ['feed'], so one write refreshes them all. */
  feed: {
    all: ['feed'] as const,
    list: (kind: string, id: string) => ['feed', 'list', kind, id] as const,
    comments: (postId: string) => ['feed', 'comments', postId] as const,
    moderation: ['feed', 'moderacao'] as const,
  },
  /**
   * The dashboard's own small reads, each under its family's prefix so that the family's writes
   * refresh them too: 5 active cultivos, 5 of my groups, 3 posts of my groups, my standing this month.
   */
  dashboard: {
    cultivos: ['cultivos', 'dashboard'] as const,
    groups: ['groups', 'mine', 'dashboard'] as const,
    groupPosts: ['feed', 'list', 'grupos', 'dashboard'] as const,
    myStanding: ['rankings', 'membros', 'mes', 'eu'] as const,
  },
};

export interface CultivoFilter {
  fase: string;
  grupo: string;
  ativos: boolean;
}
