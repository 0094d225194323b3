import { labelInName } from '@/testing/label-in-name';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi, testProfile } from '@/testing/test-utils';

function menu() {
  return screen.getByRole('navigation', { name: 'Menu principal' });
}

describe('side menu', () => {
  beforeEach(() => {
    stubApi();
  });

  it('lists the items in menu order with Criar Grupo at the bottom; no Painel Admin for members', async () => {
    renderApp('/dashboard');
    // The dashboard draws once its cards' code is here (its first load in this file): a busy machine may take seconds.
    await screen.findByRole('heading', { name: 'Dashboard' });
    const links = within(menu()).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Meus Grupos', 'Explorar Grupos', 'Cultivos', 'Rankings', 'Feed', 'Hortaliças', 'Guias', 'Criar Grupo']);
  });

  it('shows Painel Admin with a Dev badge to admins', async () => {
    renderApp('/dashboard', fakeAuth({ user: adminUser, isAdmin: true }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    const admin = within(menu()).getByRole('link', { name: /Painel Admin/ });
    expect(admin).toHaveAttribute('href', '/admin');
    expect(within(admin).getByText('Dev')).toBeInTheDocument();
  });

  it('highlights only the item whose path is the current path', async () => {
    const { router } = renderApp('/cultivos');
    await screen.findByRole('heading', { name: 'Cultivos' });
    const current = within(menu()).getByRole('link', { name: 'Cultivos' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveClass('active');
    expect(within(menu()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(menu().querySelectorAll('[aria-current="page"]')).toHaveLength(1);

    await userEvent.click(within(menu()).getByRole('link', { name: 'Rankings' }));
    await screen.findByRole('heading', { name: 'Rankings' });
    expect(router.state.location.pathname).toBe('/rankings');
    expect(within(menu()).getByRole('link', { name: 'Rankings' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: 'Cultivos' })).not.toHaveAttribute('aria-current');
  });

  it('no item is highlighted on a page that is not in the menu', async () => {
    renderApp('/cultivos/c1');
    await screen.findByRole('heading', { level: 1, name: 'Cultivo' });
    expect(menu().querySelectorAll('[aria-current="page"]')).toHaveLength(0);
  });

  it('opens with the menu button and closes with the close button, the overlay, Escape or a click', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard');
    // The dashboard draws once its cards' code is here (its first load in this file): a busy machine may take seconds.
    await screen.findByRole('heading', { name: 'Dashboard' });
    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', menu().id);
    expect(menu()).not.toHaveClass('open');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu()).toHaveClass('open');
    await user.click(within(menu()).getByRole('button', { name: 'Fechar menu' }));
    expect(menu()).not.toHaveClass('open');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(screen.getByTestId('menu-overlay'));
    expect(menu()).not.toHaveClass('open');
    expect(screen.queryByTestId('menu-overlay')).not.toBeInTheDocument();

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(menu()).not.toHaveClass('open');

    await user.click(toggle);
    await user.click(within(menu()).getByRole('link', { name: 'Feed' }));
    await screen.findByRole('heading', { name: 'Feed' });
    expect(menu()).not.toHaveClass('open');
  });

  it('has a logo link to /dashboard', async () => {
    renderApp('/feed');
    await screen.findByRole('heading', { name: 'Feed' });
    expect(screen.getByRole('link', { name: /Verde/ })).toHaveAttribute('href', '/dashboard');
  });
});

describe('top bar', () => {
  it('names the bell and the user button with what they show (label in name)', async () => {
    stubApi({ 'GET /api/notifications/unread-count': () => json({ count: 3 }) });
    renderApp('/dashboard', fakeAuth({ userData: { ...testProfile, nome: 'Ana Souza', foto: null } }));
    await screen.findByTestId('unread-badge');
    for (const el of [screen.getByRole('link', { name: /^Notificações/ }), screen.getByRole('button', { name: /Menu do usuário/ })]) {
      expect(labelInName(el)).toMatchObject({ ok: true });
    }
    expect(screen.getByRole('link', { name: 'Notificações: 3 não lidas' })).toBeInTheDocument();
  });

  it('shows the unread count from the API on the bell', async () => {
    stubApi({ 'GET /api/notifications/unread-count': () => json({ count: 12 }) });
    renderApp('/dashboard');
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('9+');
    expect(screen.getByRole('link', { name: 'Notificações: 9+ (12 não lidas)' })).toHaveAttribute('href', '/notificacoes');
  });

  it('user dropdown: name, e-mail, links, Sair → /login', async () => {
    stubApi();
    const user = userEvent.setup();
    const auth = fakeAuth();
    const { router, setAuth } = renderApp('/dashboard', auth);
    vi.mocked(auth.signOut).mockImplementation(async () => setAuth(fakeAuth({ user: null })));
    await screen.findByRole('heading', { name: 'Dashboard' });
    const button = screen.getByRole('button', { name: /Menu do usuário/ });
    expect(button.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'MC');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(within(panel).getByText(testProfile.nome)).toBeInTheDocument();
    expect(within(panel).getByText(testProfile.email)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Meu Perfil' })).toHaveAttribute('href', '/perfil');
    expect(within(panel).getByRole('link', { name: 'Configurações' })).toHaveAttribute('href', '/configuracoes');
    expect(within(panel).queryByRole('link', { name: /Painel Admin/ })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(within(panel).getByRole('button', { name: 'Sair' }));
    expect(auth.signOut).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('user dropdown offers Painel Admin to admins', async () => {
    stubApi();
    renderApp('/dashboard', fakeAuth({ user: adminUser, isAdmin: true }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(screen.getByRole('button', { name: /Menu do usuário/ }));
    const links = screen.getAllByRole('link', { name: /Painel Admin/ });
    expect(links.some((l) => l.closest('.user-menu-panel'))).toBe(true);
  });

  it('avatar falls back to U without a name', async () => {
    stubApi();
    renderApp('/dashboard', fakeAuth({ userData: { ...testProfile, nome: '' }, user: { id: 'u', email: 'x@y.z', name: '', isAdmin: false, emailVerified: true } }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('button', { name: /Menu do usuário/ }).querySelector('[data-initials]')).toHaveAttribute('data-initials', 'U');
  });
});
