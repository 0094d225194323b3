import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';

const now = new Date().toISOString();
const page = {
  items: [
    { id: 'n1', tipo: 'conquista', texto: 'Você desbloqueou a conquista Primeira Colheita! +20 pontos', link: '/perfil#conquistas', read: false, criadoEm: now },
    { id: 'n2', tipo: 'lote_atribuido', texto: 'O lote A1 do grupo Horta agora é seu', link: '/grupos/g1/lotes', read: true, criadoEm: '2026-01-05T10:00:00Z' },
  ],
  nextCursor: null,
};

describe('notifications screen', () => {
  it('lists with a sentence, a relative time and a link; marking one read drops the bell at once', async () => {
    let count = 10;
    const fetchMock = stubApi({
      'GET /api/notifications/unread-count': () => json({ count }),
      'GET /api/notifications': () => json(page),
      'POST /api/notifications/n1/read': () => {
        count = 9;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/notificacoes');
    const link = await screen.findByRole('link', { name: 'Você desbloqueou a conquista Primeira Colheita! +20 pontos' });
    expect(link).toHaveAttribute('href', '/perfil#conquistas');
    expect(screen.getByRole('link', { name: 'O lote A1 do grupo Horta agora é seu' })).toHaveAttribute('href', '/grupos/g1/lotes');
    expect(screen.getByText('agora')).toBeInTheDocument();
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('9+');
    const items = screen.getAllByTestId('notificacao');
    expect(within(items[0]!).getByText(/Conquista, não lida/)).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole('button', { name: 'Marcar como lida' }));
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent(/^9$/);
    expect(within(items[0]!).queryByRole('button', { name: 'Marcar como lida' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('/api/notifications/n1/read') && init?.method === 'POST')).toBe(true);
  });

  it('marks all read: the badge is hidden', async () => {
    let count = 3;
    stubApi({
      'GET /api/notifications/unread-count': () => json({ count }),
      'GET /api/notifications': () => json(page),
      'POST /api/notifications/read-all': () => {
        count = 0;
        return json({ marcadas: 3 });
      },
    });
    const user = userEvent.setup();
    renderApp('/notificacoes');
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('3');
    await user.click(await screen.findByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByText('Tudo lido')).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    stubApi({ 'GET /api/notifications': () => json({ items: [], nextCursor: null }) });
    renderApp('/notificacoes');
    expect(await screen.findByRole('heading', { name: 'Nenhuma notificação ainda' })).toBeInTheDocument();
  });

  it('has an error state that tries again', async () => {
    stubApi({ 'GET /api/notifications': () => json({ error: { code: 'internal', message: 'Erro interno' } }, 500) });
    renderApp('/notificacoes');
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar as notificações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
