import { screen, within } from '@testing-library/react';
import { myGroup } from '@/testing/group-fixtures';
import { fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

// A dashboard card whose code chunk does not arrive (the network dropped, a deploy replaced the
// file) says so in its own place with a retry (a reload: the browser keeps a module that failed);
// the page and the other cards stay.

vi.mock('@/features/groups/components/dashboard-groups', () => {
  throw new TypeError('Failed to fetch dynamically imported module: dashboard-groups.js');
});

const slow = { timeout: 30_000 };
const empty = () => json({ items: [], nextCursor: null });

describe('dashboard card chunk', { timeout: 90_000 }, () => {
  it('keeps the other cards when one card chunk fails, and that card offers to try again', async () => {
    stubApi({
      'GET /api/banners': empty,
      'GET /api/cultivos': empty,
      'GET /api/vegetables/plante-agora': () => json({ uf: '', regiao: '', regiaoNome: '', mes: 11, items: [] }),
      'GET /api/me/groups': () => json({ items: [myGroup({ id: 'g1', nome: 'Horta do Bairro', meuPapel: 'dono' })], nextCursor: null }),
      'GET /api/feed/grupos': empty,
      'GET /api/rankings/membros': () => json({ periodo: 'mes', mes: '2026-11', itens: [], eu: null }),
      'GET /api/me/progress': () => json({ id: 'user-1', conquistas: [] }),
    });
    renderApp('/dashboard', fakeAuth());

    const grupos = await screen.findByRole('region', { name: 'Meus grupos' }, slow);
    const alert = await within(grupos).findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('Não foi possível carregar este cartão');
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    // The rest of the page is there.
    expect(await screen.findByRole('heading', { name: 'Nenhum cultivo ativo' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Conquistas recentes' })).toBeInTheDocument();
  });
});
