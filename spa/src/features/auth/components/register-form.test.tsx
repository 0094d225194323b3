import { screen, waitFor } from '@testing-library/react';
import type { AuthResult } from '@/lib/auth/auth-context';
import userEvent from '@testing-library/user-event';
import { clickGoogle, fakeAuth, renderApp, stubApi, testUser } from '@/testing/test-utils';

async function fill(values: Partial<Record<'Nome completo' | 'Email' | 'Senha' | 'Confirmar senha', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Criar conta' }));
  return user;
}

const complete = { 'Nome completo': 'Maria Clara Souza', Email: 'maria@exemplo.com', Senha: 'segredo1', 'Confirmar senha': 'segredo1' };

describe('registration screen', () => {
  beforeEach(() => {
    stubApi();
    // The Google button opens its popup in the click; jsdom has no windows to open (null = blocked).
    vi.spyOn(window, 'open').mockReturnValue(null);
  });

  it('shows every text of the screen, at /registro and /register', async () => {
    for (const path of ['/registro', '/register']) {
      const view = renderApp(path, fakeAuth({ user: null }));
      expect(await screen.findByRole('heading', { name: 'Criar sua conta' })).toBeInTheDocument();
      expect(screen.getByText('Junte-se ao Verde')).toBeInTheDocument();
      expect(screen.getByText('Preencha os dados para começar')).toBeInTheDocument();
      for (const label of ['Nome completo', 'Email', 'Senha', 'Confirmar senha']) {
        expect(screen.getByLabelText(label)).toBeInTheDocument();
      }
      expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
      expect(screen.getByText('Ou registre-se com')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Registrar com Google' })).toBeInTheDocument();
      expect(screen.getByText(/Já tem uma conta\?/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
      view.unmount();
    }
  });

  it.each([
    ['password mismatch', { ...complete, 'Confirmar senha': 'outra-senha' }, 'As senhas não coincidem', 'Confirmar senha'],
    ['short password', { ...complete, Senha: '12345', 'Confirmar senha': '12345' }, 'A senha deve ter pelo menos 8 caracteres', 'Senha'],
    ['missing name', { ...complete, 'Nome completo': '' }, 'Informe seu nome completo', 'Nome completo'],
    ['missing email', { ...complete, Email: '' }, 'Informe seu email', 'Email'],
    ['invalid email', { ...complete, Email: 'maria@exemplo' }, 'Informe um email válido', 'Email'],
    ['missing password', { ...complete, Senha: '' }, 'Informe sua senha', 'Senha'],
  ])('%s: says so under the fields and does not call the server', async (_, values, message, field) => {
    const auth = fakeAuth({ user: null });
    renderApp('/registro', auth);
    await screen.findByRole('heading', { name: 'Criar sua conta' });
    await fill(values);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(field)).toHaveFocus();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('shows the registration failure message when the server refuses', async () => {
    const auth = fakeAuth({
      user: null,
      register: vi.fn(async () => ({ success: false as const, error: 'User already exists' })),
    });
    renderApp('/registro', auth);
    await screen.findByRole('heading', { name: 'Criar sua conta' });
    await fill(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao criar conta. Tente novamente.');
    expect(auth.register).toHaveBeenCalledWith('Maria Clara Souza', 'maria@exemplo.com', 'segredo1');
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
  });

  it('an e-mail with an account keeps the message and offers Entrar and Esqueci minha senha under it', async () => {
    const auth = fakeAuth({
      user: null,
      register: vi.fn(async () => ({ success: false as const, error: 'User already exists', code: 'UsernameExistsException' })),
    });
    renderApp('/registro', auth);
    await screen.findByRole('heading', { name: 'Criar sua conta' });
    await fill(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao criar conta. Tente novamente.');
    expect(screen.getAllByRole('link', { name: 'Entrar' }).length).toBe(2);
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/esqueci-senha');
  });

  it('is busy while creating the account, then goes to /dashboard', async () => {
    let finish!: () => void;
    const auth = fakeAuth({
      user: null,
      register: vi.fn(
        () =>
          new Promise<AuthResult>((resolve) => {
            finish = () => resolve({ success: true as const, user: testUser });
          }),
      ),
    });
    const { router } = renderApp('/registro', auth);
    await screen.findByRole('heading', { name: 'Criar sua conta' });
    await fill(complete);
    const busy = screen.getByRole('button', { name: 'Criando conta...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Registrar com Google' })).toBeDisabled();
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the Google registration failure message', async () => {
    await clickGoogle('/registro', 'Registrar com Google', { success: false, error: 'access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Erro ao registrar com Google$/);
  });
});
