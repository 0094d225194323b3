import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi, testProfile } from '@/testing/test-utils';
import { calls, page, summary } from '@/testing/group-fixtures';

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/group-directory');
});

describe('group directory screen', () => {
  it('searches by name, city and UF, and loads more with the cursor', async () => {
    const fetchMock = stubApi({
      'GET /api/groups': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        if (!url.searchParams.get('uf')) return json(page([summary({ id: 'g0', nome: 'Horta Central' })]));
        return url.searchParams.get('cursor') === 'c2'
          ? json(page([summary({ id: 'g2', nome: 'Horta do Taquaral' })]))
          : json(page([summary({ id: 'g1', nome: 'Horta da Vila' })], 'c2'));
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/grupos/diretorio');
    expect(await screen.findByRole('article', { name: 'Horta Central' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nome do grupo'), 'horta');
    await user.type(screen.getByLabelText('Cidade'), 'Campinas');
    await user.selectOptions(screen.getByLabelText('UF'), 'SP');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    expect(await screen.findByRole('article', { name: 'Horta da Vila' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Horta Central' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=horta&cidade=Campinas&uf=SP');
    expect(screen.getByText('1 grupo encontrado até agora.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('article', { name: 'Horta do Taquaral' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Horta da Vila' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('2 grupos encontrados.')).toBeInTheDocument();

    const searches = calls(fetchMock, 'GET', '/api/groups').map((c) => Object.fromEntries(c.url.searchParams));
    expect(searches.at(-2)).toEqual({ q: 'horta', cidade: 'Campinas', uf: 'SP', limit: '20' });
    expect(searches.at(-1)).toEqual({ q: 'horta', cidade: 'Campinas', uf: 'SP', limit: '20', cursor: 'c2' });
  });

  it('asks for the UF when searching by city, like the server', async () => {
    const fetchMock = stubApi({ 'GET /api/groups': () => json(page([])) });
    const user = userEvent.setup();
    renderApp('/grupos/diretorio');
    await screen.findByRole('heading', { name: 'Nenhum grupo público ainda' });
    await user.type(screen.getByLabelText('Cidade'), 'Campinas');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Informe a UF para buscar por cidade')).toBeInTheDocument();
    expect(screen.getByLabelText('UF')).toHaveFocus();
    expect(calls(fetchMock, 'GET', '/api/groups')).toHaveLength(1);
  });

  it('joins an open group and asks to join one that takes approval', async () => {
    const fetchMock = stubApi({
      'GET /api/groups': () =>
        json(
          page([
            summary({ id: 'g1', nome: 'Horta Aberta' }),
            summary({ id: 'g2', nome: 'Horta com Aprovação', entrada: 'aprovacao' }),
            summary({ id: 'g3', nome: 'Horta por Convite', entrada: 'convite' }),
            summary({ id: 'g4', nome: 'Minha Horta' }),
          ]),
        ),
      'POST /api/groups/g1/join': () => json({ status: 'membro', pontosGanhos: 10, grupo: summary({ id: 'g1' }) }, 201),
      'POST /api/groups/g2/join': () => json({ status: 'pendente', pontosGanhos: 0, grupo: summary({ id: 'g2' }) }, 202),
    });
    const user = userEvent.setup();
    renderApp('/grupos/diretorio', fakeAuth({ userData: { ...testProfile, gruposParticipantes: ['g4'] } }));

    const open = await screen.findByRole('article', { name: 'Horta Aberta' });
    await user.click(within(open).getByRole('button', { name: 'Participar do grupo Horta Aberta' }));
    expect(await within(open).findByText('Você entrou no grupo! +10 pontos.')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Abrir grupo' })).toHaveAttribute('href', '/grupos/g1');

    const approval = screen.getByRole('article', { name: 'Horta com Aprovação' });
    await user.click(within(approval).getByRole('button', { name: 'Pedir para participar do grupo Horta com Aprovação' }));
    expect(await within(approval).findByText('Pedido enviado! Um coordenador do grupo vai analisar.')).toBeInTheDocument();

    const invite = screen.getByRole('article', { name: 'Horta por Convite' });
    expect(within(invite).queryByRole('button')).not.toBeInTheDocument();
    expect(within(invite).getByText('Este grupo aceita novos membros apenas por convite.')).toBeInTheDocument();

    const mine = screen.getByRole('article', { name: 'Minha Horta' });
    expect(within(mine).getByText('Você participa')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();

    expect(calls(fetchMock, 'POST', '/api/groups/g1/join')).toHaveLength(1);
  });

  it('shows the join error the server gives', async () => {
    stubApi({
      'GET /api/groups': () => json(page([summary({ id: 'g1', nome: 'Horta Aberta' })])),
      'POST /api/groups/g1/join': () => json({ error: { code: 'conflict', message: 'O grupo está lotado' } }, 409),
    });
    const user = userEvent.setup();
    renderApp('/grupos/diretorio');
    await user.click(await screen.findByRole('button', { name: 'Participar do grupo Horta Aberta' }));
    expect(await screen.findByText('O grupo está lotado')).toHaveAttribute('role', 'alert');
  });

  it('has an empty state for a search without results', async () => {
    stubApi({ 'GET /api/groups': () => json(page([])) });
    renderApp('/grupos/diretorio?q=nada');
    expect(await screen.findByRole('heading', { name: 'Nenhum grupo encontrado' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do grupo')).toHaveValue('nada');
    expect(screen.getByText('Nenhum grupo encontrado.')).toBeInTheDocument();
  });
});
