import { labelInName } from '@/testing/label-in-name';
import { todayBrasilia } from '@/lib/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cultivo } from '@/testing/cultivo-fixtures';
import { myGroup } from '@/testing/group-fixtures';
import { fakeAuth, json, loseSignal, renderApp, stubApi, testProfile } from '@/testing/test-utils';
import { withDashboard } from '@/testing/dashboard-stub';
import { forgetDashboardReply } from '@/features/dashboard/api/queries';
import { queueSnapshot, setQueueUser } from '@/lib/offline/queue';
import { clearAllStores } from '@/testing/idb-keyval-memory';
import type { MemberProgress, MembersRanking, MyGroup, Post } from '@/types/api';

// The dashboard's cards load lazily: allow time on a busy machine.
vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));

const slow = { timeout: 30_000 };

// A stored session, as a signed-in member's browser holds: the route's preload asks for the cards' data.
vi.mock('@/lib/auth/amplify-loader', () => ({
  mayHaveSession: () => true,
  amplifyRequested: () => true,
  loadAmplify: async () => ({ accessToken: async () => 'token' }),
  whenAmplifyLoaded: () => new Promise(() => {}),
}));

const standing = { valor: 0, posicao: null, aproximada: false, alemDe: false, oculto: false };
const ranking = (eu: Partial<MembersRanking['eu']> = {}): MembersRanking => ({ periodo: 'mes', mes: '2026-11', itens: [], eu: { ...standing, ...eu } });

const conquista = (codigo: string, nome: string, em: string | null, over: Partial<MemberProgress['conquistas'][number]> = {}) => ({
  codigo,
  nome,
  descricao: `Descrição de ${nome}`,
  bonus: 20,
  conquistada: em !== null,
  em,
  atual: em ? 1 : 0,
  meta: 1,
  progresso: em ? '1 de 1' : '0 de 1',
  ...over,
});

const progress = (conquistas: MemberProgress['conquistas']): MemberProgress => ({
  id: 'user-1',
  nome: 'Maria Clara Souza',
  foto: null,
  bio: '',
  uf: '',
  cidade: '',
  dataCadastro: '2025-01-15T12:00:00Z',
  nivel: { numero: 1, nome: 'Semente', pontosTotais: 0, inicio: 0, proximo: 100, proximoNome: 'Broto', faltamPontos: 100, percentualNivel: 0 },
  conquistas,
  estatisticas: { cultivos: 0, colheitas: 0, colheitasKg: 0, posts: 0, comentarios: 0, registrosDiario: 0, fotos: 0, grupos: 0, sequenciaCuidado: 0 },
});


const group = (id: string, nome: string, meuPapel: MyGroup['meuPapel']): MyGroup => myGroup({ id, nome, meuPapel });

const post = (id: string, texto: string): Post => ({
  id,
  autorId: 'u-2',
  autorNome: 'João Pedro',
  texto,
  fotos: [],
  cultivo: null,
  grupoId: 'g1',
  grupoNome: 'Horta do Bairro',
  curtidas: 0,
  comentarios: 0,
  curtido: false,
  oculto: false,
  editavel: false,
  criadoEm: '2026-11-20T12:00:00Z',
  editadoEm: null,
});

const empty = () => json({ items: [], nextCursor: null });

/** A new member's dashboard: every list empty, no standing, no conquista. */
function newMember() {
  return {
    'GET /api/banners': empty,
    'GET /api/cultivos': empty,
    'GET /api/vegetables/plante-agora': () => json({ uf: '', regiao: '', regiaoNome: '', mes: 11, items: [] }),
    'GET /api/me/groups': empty,
    'GET /api/feed/grupos': empty,
    'GET /api/rankings/membros': () => json(ranking()),
    'GET /api/me/progress': () =>
      json(progress([conquista('primeira-semente', 'Primeira Semente', null), conquista('primeira-colheita', 'Primeira Colheita', null)])),
    'GET /api/me/agenda': () => json({ items: [] }),
  };
}

/** The requests the page made, as 'METHOD /path?query'. */
function requests(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

const card = (name: string) => screen.getByRole('region', { name });

describe('dashboard', { timeout: 90_000 }, () => {
  // Each test is a page load of its own: no reply of the test before is shared.
  beforeEach(() => forgetDashboardReply());
  it('draws every card from one request, and leads a new member to the first steps', async () => {
    const fetchMock = stubApi(withDashboard(newMember()));
    renderApp('/dashboard', fakeAuth());
    expect(await screen.findByRole('heading', { name: 'Você ainda não participa de nenhum grupo' }, slow)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Nenhum cultivo ativo' }, slow);
    await screen.findByRole('heading', { name: 'Nenhuma publicação nos seus grupos ainda' }, slow);
    await screen.findByRole('heading', { name: 'Você ainda não está no ranking deste mês' }, slow);
    await screen.findByRole('heading', { name: 'Nenhuma conquista ainda' }, slow);
    await within(card('Plante agora')).findByText(/Informe sua UF/, {}, slow);
    await waitFor(() => expect(screen.queryAllByRole('status').filter((s) => /Carregando/.test(s.textContent ?? ''))).toHaveLength(0));
    expect(within(card('Minha escala')).getByText(/Você não está em nenhuma escala/)).toBeInTheDocument();

    // The first render's requests: GET /api/me, the auth state's (faked here), and one GET
    // /api/dashboard for the seven cards and the shell's bell. Two in all.
    expect(requests(fetchMock)).toEqual(['GET /api/dashboard']);

    // Each empty state leads to the first step.
    const grupos = card('Meus grupos');
    expect(within(grupos).getByRole('link', { name: 'Explorar Grupos' })).toHaveAttribute('href', '/grupos/diretorio');
    expect(within(grupos).getByRole('link', { name: 'Criar Grupo' })).toHaveAttribute('href', '/grupos/novo');
    expect(within(card('Meus cultivos')).getByRole('link', { name: 'Novo cultivo' })).toHaveAttribute('href', '/cultivos?novo=');
    expect(within(card('Publicações dos meus grupos')).getByRole('link', { name: 'Ir para o Feed' })).toHaveAttribute('href', '/feed');
    const rank = card('Meu ranking do mês');
    expect(within(rank).getByText(/registre o diário dos seus cultivos, colha, publique no feed/)).toBeInTheDocument();
    expect(within(rank).getByRole('link', { name: 'Ver o ranking do mês' })).toHaveAttribute('href', '/rankings?aba=mes');
    const conquistas = card('Conquistas recentes');
    expect(within(conquistas).getByText('Primeira Semente')).toBeInTheDocument(); // the next one to aim for
    expect(within(conquistas).getByRole('link', { name: 'Ver todas no perfil' })).toHaveAttribute('href', '/perfil');
    // The level card, from the profile the shell holds (no request of its own).
    expect(await screen.findByRole('heading', { name: 'Nível 1 · Semente' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progresso até o nível 2' })).toBeInTheDocument();
  });

  it('shows everything a member has, and one failing card keeps its own error while the others show their content', async () => {
    let rankingDown = true; // its section of the dashboard's reply is an error until the member tries again
    const fetchMock = stubApi(
      withDashboard({
      ...newMember(),
      'GET /api/cultivos': () => json({ items: [cultivo()], nextCursor: null }),
      'GET /api/me/groups': () => json({ items: [group('g1', 'Horta do Bairro', 'coordenador'), group('g2', 'Horta da Escola', 'membro')], nextCursor: null }),
      'GET /api/feed/grupos': () => json({ items: [post('p1', 'Colhi a primeira alface do lote A1!')], nextCursor: 'x' }),
      'GET /api/rankings/membros': () => {
        return rankingDown
          ? json({ error: { code: 'internal', message: 'Erro interno. Tente novamente.' } }, 500)
          : json(ranking({ valor: 85, posicao: 7 }));
      },
      'GET /api/me/progress': () =>
        json(
          progress([
            conquista('primeira-semente', 'Primeira Semente', '2026-11-02T12:00:00Z', { bonus: 10 }),
            conquista('primeira-colheita', 'Primeira Colheita', '2026-11-20T12:00:00Z'),
            conquista('colheita-farta', 'Colheita Farta', null, { atual: 1, meta: 10, progresso: '1 de 10 colheitas' }),
          ]),
        ),
      }),
    );
    const user = userEvent.setup();
    renderApp('/dashboard', fakeAuth({ userData: { ...testProfile, nivel: 2, pontosTotais: 135, gruposParticipantes: ['g1', 'g2'] } }));

    // The ranking card fails on its own, with a retry.
    await screen.findByText('Não foi possível carregar o ranking', {}, slow);
    const rank = card('Meu ranking do mês');
    const alert = within(rank).getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o ranking');
    expect(alert).toHaveTextContent('Erro interno do servidor. Tente novamente em instantes.');

    // The others show their content.
    const grupos = card('Meus grupos');
    await within(grupos).findByRole('link', { name: 'Horta do Bairro' }, slow);
    const rows = within(grupos).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Coordenador')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Horta do Bairro' })).toHaveAttribute('href', '/grupos/g1');
    expect(within(rows[1]!).getByText('Membro')).toBeInTheDocument();
    const posts = card('Publicações dos meus grupos');
    const article = await within(posts).findByRole('article', { name: 'Publicação de João Pedro' }, slow);
    expect(article).toHaveTextContent('Colhi a primeira alface do lote A1!');
    expect(article).toHaveTextContent('em Horta do Bairro');
    expect(within(article).getByRole('link', { name: 'Ver publicação' })).toHaveAttribute('href', '/feed?post=p1');
    expect(within(posts).getByRole('link', { name: 'Ver o feed dos meus grupos' })).toHaveAttribute('href', '/feed?aba=grupos');
    const conquistas = card('Conquistas recentes');
    const earned = await within(conquistas).findAllByRole('listitem', {}, slow);
    expect(earned.map((li) => li.textContent)).toEqual([expect.stringContaining('Primeira Colheita'), expect.stringContaining('Primeira Semente')]);
    expect(within(earned[0]!).getByText('20 de nov. de 2026')).toBeInTheDocument();
    expect(conquistas).toHaveTextContent('Próxima conquista: Colheita Farta · 1 de 10 colheitas');
    await within(card('Meus cultivos')).findByRole('link', { name: 'Alface (verão)' }, slow);
    expect(await screen.findByRole('heading', { name: 'Nível 2 · Broto' }, slow)).toBeInTheDocument();

    // Trying again fills the ranking card, with no other request repeated.
    const before = requests(fetchMock).length;
    rankingDown = false;
    await user.click(within(rank).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(rank).findByText('7º lugar', {}, slow)).toBeInTheDocument();
    expect(rank).toHaveTextContent('85 pontos em novembro de 2026');
    expect(requests(fetchMock).slice(before)).toEqual(['GET /api/rankings/membros?periodo=mes&limit=0']);
  });

  it('adds a diary entry from a cultivo card with the diary form, without leaving the dashboard', async () => {
    let sent: unknown = null;
    stubApi({
      ...withDashboard({ ...newMember(), 'GET /api/cultivos': () => json({ items: [cultivo()], nextCursor: null }) }),
      'GET /api/cultivos': () => json({ items: [cultivo()], nextCursor: null }),
      'POST /api/cultivos/c1/diario': (init) => {
        sent = JSON.parse(String(init?.body));
        return json({ entry: { id: 'd1' }, pontos: 5 }, 201);
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard', fakeAuth());
    const cultivos = await screen.findByRole('region', { name: 'Meus cultivos' }, slow);
    await within(cultivos).findByRole('button', { name: 'Escrever no diário de Alface (verão)' }, slow);
    // Each button's name holds the words it shows (label in name): "Reguei hoje: Alface (verão)".
    for (const b of within(cultivos).getAllByRole('button')) expect(labelInName(b)).toMatchObject({ ok: true });
    await user.click(within(cultivos).getByRole('button', { name: 'Escrever no diário de Alface (verão)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Diário de Alface (verão)' }, slow);
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'adubacao');
    await user.type(within(dialog).getByLabelText('O que aconteceu?'), 'Húmus de minhoca');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar ao diário' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ tipo: 'adubacao', texto: 'Húmus de minhoca', fotos: [], data: todayBrasilia() });
    expect(within(cultivos).getByText('Entrada salva no diário (+5 pontos)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('"Reguei hoje" with no connection waits in the queue, dated today, and says so', async () => {
    clearAllStores();
    await setQueueUser('user-1');
    const fetchMock = stubApi({
      ...withDashboard({ ...newMember(), 'GET /api/cultivos': () => json({ items: [cultivo()], nextCursor: null }) }),
      'GET /api/cultivos': () => json({ items: [cultivo()], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard', fakeAuth());
    const cultivos = await screen.findByRole('region', { name: 'Meus cultivos' }, slow);
    const water = await within(cultivos).findByRole('button', { name: 'Reguei hoje: Alface (verão)' }, slow);
    // The signal drops, as the browser's 'offline' event tells react-query (which then pauses
    // what it thinks needs the network).
    loseSignal();
    await user.click(water);
    expect(await within(cultivos).findByText('Na fila: será enviado quando a conexão voltar', {}, slow)).toBeInTheDocument();
    expect(requests(fetchMock).filter((r) => r.startsWith('POST'))).toEqual([]);
    expect(queueSnapshot()).toEqual([
      expect.objectContaining({ kind: 'rega', cultivoId: 'c1', label: 'Alface (verão)', body: { tipo: 'rega', texto: 'Regado', data: todayBrasilia() } }),
    ]);
  });

  it("Plante agora shows the best few of the month, in the API's order, and 'Ver todas' with the count", async () => {
    const names = ['Quiabo', 'Abóbora', 'Pepino', 'Milho-doce', 'Melancia', 'Maxixe', 'Jiló', 'Coentro', 'Alface (verão)'];
    stubApi({
      ...newMember(),
      'GET /api/vegetables/plante-agora': () =>
        json({ uf: 'BA', regiao: 'nordeste', regiaoNome: 'Nordeste', mes: 12, items: names.map((nome, i) => ({ id: `v${i}`, nome })) }),
    });
    renderApp('/dashboard', fakeAuth({ userData: { ...testProfile, uf: 'BA' } }));
    const plante = await screen.findByRole('region', { name: 'Plante agora' }, slow);
    const shown = await within(plante).findAllByRole('listitem', {}, slow);
    expect(shown.map((li) => li.textContent)).toEqual(names.slice(0, 6));
    expect(within(plante).getByRole('link', { name: 'Ver todas (9)' })).toHaveAttribute('href', '/cultivos?novo=');
    expect(within(plante).getByRole('link', { name: 'Como cultivar cada uma' })).toHaveAttribute('href', '/hortalicas?regiao=nordeste&mes=12');
  }, 40_000);
});
