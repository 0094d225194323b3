import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi, testProfile } from '@/testing/test-utils';

beforeAll(async () => {
  await Promise.all([import('@/app/layouts/main-layout'), import('@/app/routes/app/perfil')]);
});

describe('profile screen', () => {
  it('shows the real profile', async () => {
    stubApi();
    renderApp('/perfil', fakeAuth({ userData: { ...testProfile, nivel: 2, pontosTotais: 150, bio: 'Gosto de tomates.', uf: 'BA', cidade: 'Salvador' } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Clara Souza' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Salvador/BA')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('maria@exemplo.com')).toBeInTheDocument();
    expect(screen.getByText('Gosto de tomates.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nível 2 · Broto' })).toBeInTheDocument();
    expect(screen.getByText('150 pontos')).toBeInTheDocument();
    expect(screen.getByText('Faltam 150 pontos para o nível 3')).toBeInTheDocument();
  });

  it('shows the server’s field error under the field', async () => {
    const fetchMock = stubApi({
      'PUT /api/me': () => json({ error: { code: 'validation', message: 'O nome é obrigatório', field: 'nome' } }, 400),
    });
    const user = userEvent.setup();
    renderApp('/perfil');
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.clear(screen.getByLabelText('Nome'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('O nome é obrigatório');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ nome: '', bio: '', uf: '', cidade: '' });
  });

  it('saves nome and bio', async () => {
    stubApi({ 'PUT /api/me': (init) => json({ ...testProfile, ...JSON.parse(String(init?.body)) }) });
    const user = userEvent.setup();
    renderApp('/perfil');
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.type(screen.getByLabelText('Bio'), 'Horta no quintal');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
  });
});

describe('profile progress', () => {
  it('shows the level, conquistas earned with date and locked with progress, and stats', async () => {
    const conquista = (codigo: string, nome: string, conquistada: boolean, atual: number, meta: number, progresso: string) => ({
      codigo,
      nome,
      descricao: `${nome}.`,
      bonus: 20,
      conquistada,
      em: conquistada ? '2026-11-20T12:00:00Z' : null,
      atual,
      meta,
      progresso,
    });
    stubApi({
      'GET /api/me/progress': () =>
        json({
          ...{ id: 'u1', nome: 'Maria Clara Souza', foto: null, bio: '', uf: 'SP', cidade: 'Campinas', dataCadastro: '2026-01-01T00:00:00Z' },
          nivel: { numero: 2, nome: 'Broto', pontosTotais: 150, inicio: 100, proximo: 300, proximoNome: 'Muda', faltamPontos: 150, percentualNivel: 25 },
          conquistas: [
            conquista('primeira-colheita', 'Primeira Colheita', true, 1, 1, '1 de 1 colheita'),
            conquista('colheita-farta', 'Colheita Farta', false, 7, 10, '7 de 10 colheitas'),
          ],
          estatisticas: { cultivos: 3, colheitas: 7, colheitasKg: 4.5, posts: 2, comentarios: 0, registrosDiario: 9, fotos: 1, grupos: 1, sequenciaCuidado: 2 },
        }),
    });
    renderApp('/perfil');
    expect(await screen.findByRole('heading', { name: 'Nível 2 · Broto' })).toBeInTheDocument();
    expect(screen.getByText('Faltam 150 pontos para o nível 3 · Muda')).toBeInTheDocument();
    expect(screen.getByText('7 de 10 colheitas')).toBeInTheDocument();
    expect(screen.getByText(/Conquistada em 20 de nov\. de 2026/)).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Estatísticas' });
    expect(within(stats).getByText('4,5 kg')).toBeInTheDocument();
    expect(within(stats).getByText('7')).toBeInTheDocument();
  });
});

describe('profile points history', () => {
  it('lists every row with its label and note, and explains points, confirmation and leagues', async () => {
    const row = (motivo: string, rotulo: string, pontos: number, descricao = '') => ({
      motivo,
      ref: `${motivo}-ref`,
      rotulo,
      descricao,
      pontos,
      criadoEm: '2026-11-20T12:00:00Z',
    });
    stubApi({
      'GET /api/me/pontos': () =>
        json({
          items: [
            row('ESTORNO', 'Estorno: post apagado', -5),
            row('POST', 'Publicou um post', 5),
            row('CONQ', 'Conquista desbloqueada: Primeira Semente', 10),
            row('CULTIVO', 'Criou um cultivo', 0, 'Teto diário de 200 pontos atingido'),
          ],
          nextCursor: null,
        }),
    });
    renderApp('/perfil', fakeAuth({ userData: { ...testProfile, pontosTotais: 10 } }));
    const history = await screen.findByRole('region', { name: 'Histórico de pontos' });
    expect(await within(history).findByText('Estorno: post apagado')).toBeInTheDocument();
    expect(within(history).getByText('-5')).toBeInTheDocument();
    expect(within(history).getByText(': Teto diário de 200 pontos atingido')).toBeInTheDocument();
    expect(within(history).getByText(/Total: 10 pontos/)).toBeInTheDocument();
    const how = screen.getByRole('region', { name: 'Como funcionam os pontos' });
    expect(within(how).getByText(/fica\s+“a confirmar”/)).toBeInTheDocument();
    expect(within(how).getByText(/Uma conquista desbloqueada fica com você/)).toBeInTheDocument();
    expect(within(how).getByRole('heading', { name: 'Ligas do mês' })).toBeInTheDocument();
  });
});
