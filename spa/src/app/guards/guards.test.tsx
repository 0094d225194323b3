import { screen, waitFor } from '@testing-library/react';
import { adminUser, fakeAuth, renderApp, stubApi } from '@/testing/test-utils';
import { adminSections } from '@/app/layouts/admin-layout';
import { adminOnlyNotice } from '@/app/guards/require-admin';

describe('route guards', () => {
  beforeEach(() => {
    stubApi();
  });

  it('shows a centred spinner while the auth state loads', async () => {
    const { router } = renderApp('/cultivos', fakeAuth({ user: null, loading: true }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveClass('full-screen-spinner'));
    expect(router.state.location.pathname).toBe('/cultivos');
    expect(screen.queryByRole('heading', { name: 'Cultivos' })).not.toBeInTheDocument();
  });

  it('sends a signed-out user to /login, replacing history and remembering the page', async () => {
    const { router } = renderApp('/cultivos?fase=colhido', fakeAuth({ user: null }));
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: '/cultivos?fase=colhido' });
  });

  it('shows the protected page to a signed-in user', async () => {
    renderApp('/cultivos');
    expect(await screen.findByRole('heading', { name: 'Cultivos' })).toBeInTheDocument();
  });

  it('sends a non-admin at /admin to /dashboard', async () => {
    const { router } = renderApp('/admin/usuarios');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText(adminOnlyNotice)).toBeInTheDocument();
  });

  it('shows an admin every admin page inside the admin layout', async () => {
    const admin = fakeAuth({ user: adminUser, isAdmin: true });
    for (const section of adminSections) {
      const view = renderApp(section.path, admin);
      const nav = await screen.findByRole('navigation', { name: 'Seções do painel admin' });
      expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent(section.label);
      const title = section.path === '/admin' ? 'Painel Admin' : section.label;
      // /admin/analytics brings uPlot: its first import through vitest's transform can take seconds.
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      view.unmount();
    }
  }, 30_000);
});

describe('routes', () => {
  beforeEach(() => {
    stubApi();
  });

  it.each(['/', '/nao-existe', '/grupos/g1/algo/mais'])('%s goes to /dashboard', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each([
    ['/cultivos', 'Cultivos'],
    ['/cultivos/c1', 'Cultivo'],
    ['/rankings', 'Rankings'],
    ['/feed', 'Feed'],
    ['/notificacoes', 'Notificações'],
    ['/perfil', 'Meu Perfil'],
    ['/configuracoes', 'Configurações'],
  ])('%s shows %s inside the main layout', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
  });

  // The groups screens belong to the groups feature; here only their place in the route tree.
  it.each([
    '/grupos',
    '/grupos/diretorio',
    '/grupos/novo',
    '/grupos/g1',
    '/grupos/g1/slots',
    '/grupos/g1/lotes',
    '/grupos/g1/cultivos/c1',
  ])('%s is a signed-in page inside the main layout', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/grupos/g1/slots', '/grupos/g1/cultivos/c1'])('%s is behind the sign-in guard', async (path) => {
    const { router } = renderApp(path, fakeAuth({ user: null }));
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    expect(router.state.location.state).toEqual({ from: path });
  });

  it.each(['/grupos/g1/convite', '/grupos/g1/publico'])('%s is public', async (path) => {
    const { router } = renderApp(path, fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('sends a signed-in user away from /login', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
