import { screen, waitFor } from '@testing-library/react';
import type { AuthResult } from '@/lib/auth/auth-context';
import userEvent from '@testing-library/user-event';
import { clickGoogle, fakeAuth, renderApp, stubApi, testUser } from '@/testing/test-utils';

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login screen', () => {
  beforeEach(() => {
    stubApi();
    // The Google button opens its popup in the click; jsdom has no windows to open (null = blocked).
    vi.spyOn(window, 'open').mockReturnValue(null);
  });

  it('shows every text of the screen and a decorative background', async () => {
    renderApp('/login', fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { name: 'Entrar na sua conta' })).toBeInTheDocument();
    expect(screen.getByText('Entre com seu email ou Google para continuar')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(screen.getByText('Ou continue com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeInTheDocument();
    expect(screen.getByText(/Não tem uma conta\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/registro');
    expect(screen.getByTestId('auth-background')).toHaveAttribute('aria-hidden', 'true');
  });

  it('requires email and password', async () => {
    const auth = fakeAuth({ user: null });
    renderApp('/login', auth);
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    await signInWith('', 'segredo1');
    expect(screen.getByRole('alert')).toHaveTextContent('Informe seu email');
    await userEvent.clear(screen.getByLabelText('Senha'));
    await signInWith('maria@exemplo.com', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Informe sua senha');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('says "Email ou senha incorretos" for any sign-in failure', async () => {
    const auth = fakeAuth({
      user: null,
      signIn: vi.fn(async () => ({ success: false as const, error: 'Incorrect username or password.' })),
    });
    renderApp('/login', auth);
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    await signInWith('maria@exemplo.com', 'errada1');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email ou senha incorretos$/);
  });

  it('is busy while signing in, then returns to the page asked for', async () => {
    let finish!: () => void;
    const auth = fakeAuth({
      user: null,
      signIn: vi.fn(
        () =>
          new Promise<AuthResult>((resolve) => {
            finish = () => resolve({ success: true as const, user: testUser });
          }),
      ),
    });
    const { router, setAuth } = renderApp('/cultivos', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    await signInWith('maria@exemplo.com', 'segredo1');
    expect(screen.getByRole('button', { name: 'Entrando...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeDisabled();
    setAuth(fakeAuth());
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cultivos'));
  });

  it('shows a Google failure with its text', async () => {
    await clickGoogle('/login', 'Entrar com Google', { success: false, error: 'access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Erro ao fazer login com Google: access_denied$/);
  });

  it('shows the popup-blocked message when neither popup nor redirect could start', async () => {
    await clickGoogle('/login', 'Entrar com Google', { success: false, error: 'x', popupBlocked: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Popup bloqueado pelo navegador. Tente novamente ou desabilite o bloqueador de popups.',
    );
  });

  it('waits without navigating when Google falls back to the redirect', async () => {
    const { router, auth } = await clickGoogle('/login', 'Entrar com Google', { success: false, redirect: true });
    await waitFor(() => expect(auth.signInWithGoogle).toHaveBeenCalledWith('/dashboard', null));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeDisabled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('on load, shows a pending redirect error but not "no redirect result"', async () => {
    const failing = fakeAuth({
      user: null,
      getRedirectResult: vi.fn(async () => ({ success: false as const, error: 'invalid_request' })),
    });
    const first = renderApp('/login', failing);
    expect(await screen.findByText('Erro ao fazer login com Google: invalid_request')).toBeInTheDocument();
    first.unmount();

    const quiet = fakeAuth({ user: null });
    renderApp('/login', quiet);
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    await waitFor(() => expect(quiet.getRedirectResult).toHaveBeenCalled());
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByText(/Nenhum resultado de redirect encontrado/)).not.toBeInTheDocument();
  });

  it('on load, a successful redirect goes to /dashboard', async () => {
    const auth = fakeAuth({
      user: null,
      getRedirectResult: vi.fn(async () => ({ success: true as const, returnTo: '/dashboard' })),
    });
    const { router } = renderApp('/login', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('Google sign-in refused because the e-mail belongs to an unconfirmed account', () => {
  beforeEach(() => {
    stubApi();
    sessionStorage.clear();
    // The Google button opens its popup in the click; jsdom has no windows to open (null = blocked).
    vi.spyOn(window, 'open').mockReturnValue(null);
  });

  it('shows the trigger\'s Portuguese reason on /login, without Cognito\'s wrapper', async () => {
    const reason =
      'Este e-mail já tem uma conta com senha, ainda não confirmada. Entre com seu e-mail e senha, confirme o e-mail com o código que enviamos e depois use o Google';
    const auth = fakeAuth({
      user: null,
      getRedirectResult: vi.fn(async () => ({ success: false as const, error: `PreSignUp failed with error ${reason}. ` })),
    });
    renderApp('/login', auth);
    expect(await screen.findByRole('alert')).toHaveTextContent(`Erro ao fazer login com Google: ${reason}`);
    expect(screen.getByRole('alert')).not.toHaveTextContent('PreSignUp');
  });

  it('signs in again once when Cognito reports the link it just made', async () => {
    const auth = fakeAuth({
      user: null,
      getRedirectResult: vi.fn(async () => ({
        success: false as const,
        error: 'Already found an entry for username Google_1234567890',
      })),
      signInWithGoogle: vi.fn(async () => ({ success: false as const, redirect: true as const })),
    });
    renderApp('/login', auth);
    await waitFor(() => expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('asks for the authenticator code when the account has one, then signs in', async () => {
    let finish!: () => void;
    const confirmTotp = vi.fn(
      (code: string): Promise<AuthResult> =>
        code === '123 456'
          ? new Promise<AuthResult>((resolve) => {
              finish = () => resolve({ success: true, user: testUser });
            })
          : Promise.resolve({ success: false, error: 'CodeMismatchException' }),
    );
    const auth = fakeAuth({
      user: null,
      signIn: vi.fn(async (): Promise<AuthResult> => ({ success: false, totpRequired: true })),
      confirmTotp,
    });
    const { router, setAuth } = renderApp('/cultivos', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('heading', { name: 'Entrar na sua conta' });
    await signInWith('maria@exemplo.com', 'segredo-123');
    const field = await screen.findByLabelText('Código do aplicativo autenticador');
    expect(field).toHaveFocus();
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    const user = userEvent.setup();

    await user.type(field, '12a');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Digite os 6 dígitos do código do seu aplicativo autenticador');
    expect(confirmTotp).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código incorreto ou expirado');
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(confirmTotp).toHaveBeenLastCalledWith('123 456');
    setAuth(fakeAuth());
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cultivos'));
  });
});
