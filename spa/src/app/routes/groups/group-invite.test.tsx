import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import { calls, detail, publicInvite, summary } from '@/testing/group-fixtures';

const token = 'abcdefghijklmnopqrstuv';
const invitePath = `/grupos/g1/convite?c=${token}`;

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/group-invite');
});

describe('invite page', () => {
  it('shows the group’s summary and sends a signed-out visitor through /login, then joins on return', async () => {
    let signedIn = false;
    const fetchMock = stubApi({
      [`GET /api/invites/${token}`]: () =>
        json(publicInvite({ grupo: summary({ visibilidade: 'privado', entrada: 'convite' }), jaMembro: signedIn ? false : null })),
      [`POST /api/invites/${token}/accept`]: () => json({ status: 'membro', pontosGanhos: 10, grupo: summary() }, 201),
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro' })),
    });
    const user = userEvent.setup();
    const { router, setAuth } = renderApp(invitePath, fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Horta da Vila' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Convite para grupo' })).toBeInTheDocument();
    expect(screen.getByText('Campinas/SP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Participar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const from = (router.state.location.state as { from: string }).from;
    expect(from).toBe(`/grupos/g1/convite?c=${token}&participar=1`);
    expect(calls(fetchMock, 'POST', `/api/invites/${token}/accept`)).toHaveLength(0);

    // Signing in sends the user back to `from`, where the join is carried out.
    signedIn = true;
    setAuth(fakeAuth());
    await waitFor(() => expect(router.state.location.pathname).toBe('/grupos/g1'));
    expect(await screen.findByText('Você entrou no grupo! +10 pontos.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', `/api/invites/${token}/accept`)).toHaveLength(1);
  });

  it('a signed-in user joins with Participar', async () => {
    const fetchMock = stubApi({
      [`GET /api/invites/${token}`]: () => json(publicInvite({ jaMembro: false })),
      [`POST /api/invites/${token}/accept`]: () => json({ status: 'membro', pontosGanhos: 0, grupo: summary() }, 201),
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro' })),
    });
    const user = userEvent.setup();
    const { router } = renderApp(invitePath);
    await user.click(await screen.findByRole('button', { name: 'Participar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/grupos/g1'));
    expect(await screen.findByText('Você entrou no grupo!')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', `/api/invites/${token}/accept`)).toHaveLength(1);
  });

  it('shows why joining failed', async () => {
    stubApi({
      [`GET /api/invites/${token}`]: () => json(publicInvite({ jaMembro: false })),
      [`POST /api/invites/${token}/accept`]: () => json({ error: { code: 'conflict', message: 'O grupo está lotado' } }, 409),
    });
    const user = userEvent.setup();
    renderApp(invitePath);
    await user.click(await screen.findByRole('button', { name: 'Participar' }));
    expect(await screen.findByText('O grupo está lotado')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Participar' })).toBeEnabled();
  });

  it('tells a member they already take part', async () => {
    stubApi({ [`GET /api/invites/${token}`]: () => json(publicInvite({ jaMembro: true })) });
    renderApp(invitePath);
    expect(await screen.findByText('Você já participa deste grupo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir grupo' })).toHaveAttribute('href', '/grupos/g1');
    expect(screen.queryByRole('button', { name: 'Participar' })).not.toBeInTheDocument();
  });

  it.each([
    ['expirado', 'Este convite expirou'],
    ['revogado', 'Este convite foi revogado'],
    ['esgotado', 'Este convite atingiu o limite de usos'],
  ] as const)('a %s invite gets a clear page', async (status, title) => {
    stubApi({ [`GET /api/invites/${token}`]: () => json(publicInvite({ status })) });
    renderApp(invitePath, fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByText(/Peça um novo convite a um coordenador do grupo/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Participar' })).not.toBeInTheDocument();
  });

  it('an unknown token gets a clear page that says it once', async () => {
    stubApi({
      [`GET /api/invites/${token}`]: () =>
        json({ error: { code: 'not_found', message: 'Convite não encontrado. Confira se o link está completo ou peça um novo convite' } }, 404),
    });
    renderApp(invitePath, fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Convite não encontrado' })).toBeInTheDocument();
    // The page says it once (the server's own words used to repeat the title).
    expect(screen.getByText('O link pode estar incompleto, ou o convite foi excluído. Peça um novo convite a um coordenador do grupo.')).toBeInTheDocument();
    expect(screen.getAllByText(/Convite não encontrado/)).toHaveLength(1);
  });

  it('a link without a token gets a clear page and asks the API nothing', async () => {
    const fetchMock = stubApi();
    renderApp('/grupos/g1/convite', fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Convite não encontrado' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/invites/'))).toHaveLength(0);
  });

  it('the registration link also brings the visitor back to join', async () => {
    stubApi({ [`GET /api/invites/${token}`]: () => json(publicInvite()) });
    const user = userEvent.setup();
    const { router } = renderApp(invitePath, fakeAuth({ user: null }));
    await user.click(await screen.findByRole('link', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registro'));
    expect((router.state.location.state as { from: string }).from).toBe(`/grupos/g1/convite?c=${token}&participar=1`);
  });
});
