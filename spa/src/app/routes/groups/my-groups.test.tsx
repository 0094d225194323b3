import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';
import { calls, myGroup, page } from '@/testing/group-fixtures';

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/my-groups');
});

describe('my groups screen', () => {
  it('lists my groups with my role and my lotes, and loads more', async () => {
    const fetchMock = stubApi({
      'GET /api/me/groups': () =>
        fetchMock.mock.calls.filter(([u]) => String(u).includes('/me/groups')).length === 1
          ? json(page([myGroup({ id: 'g1', nome: 'Horta da Vila', meuPapel: 'dono', meusLotes: ['A1', 'A2'] })], 'cur-2'))
          : json(page([myGroup({ id: 'g2', nome: 'Horta da Escola', meuPapel: 'coordenador' })])),
    });
    const user = userEvent.setup();
    renderApp('/grupos');
    const list = await screen.findByRole('list', { name: 'Seus grupos' });
    const first = within(list).getByRole('article', { name: 'Horta da Vila' });
    expect(within(first).getByText('Dono')).toBeInTheDocument();
    expect(within(first).getByText('Seus lotes: A1, A2')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Horta da Vila' })).toHaveAttribute('href', '/grupos/g1');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('article', { name: 'Horta da Escola' })).toHaveTextContent('Coordenador');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    const urls = calls(fetchMock, 'GET', '/api/me/groups').map((c) => c.url.searchParams.get('cursor'));
    expect(urls).toEqual([null, 'cur-2']);
  });

  it('has a helpful empty state', async () => {
    stubApi({ 'GET /api/me/groups': () => json(page([])) });
    renderApp('/grupos');
    expect(await screen.findByRole('heading', { name: 'Você ainda não participa de nenhum grupo' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Explorar Grupos' }).length).toBeGreaterThan(0);
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /api/me/groups': () => (fail ? json({ error: { code: 'forbidden', message: 'Sem acesso agora' } }, 403) : json(page([myGroup()]))),
    });
    const user = userEvent.setup();
    renderApp('/grupos');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem acesso agora');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('article', { name: 'Horta da Vila' })).toBeInTheDocument();
  });
});
