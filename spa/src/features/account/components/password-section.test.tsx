import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';

// Amplify's updatePassword, stubbed: lib/auth/password.ts words its errors as it is.
const updatePassword = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify/auth', () => ({ updatePassword, resetPassword: vi.fn(), confirmResetPassword: vi.fn() }));
vi.mock('@/lib/auth/password-loader', async () => {
  const actions = await import('@/lib/auth/password');
  return { loadPasswordActions: () => Promise.resolve(actions) };
});
vi.mock('@/lib/auth/mfa-loader', () => ({ loadMfaActions: () => new Promise(() => {}) }));

describe('the password rule in /configuracoes', () => {
  it('asks for 8 characters, before sending and when Cognito refuses one', async () => {
    stubApi({
      'GET /api/me/conta': () => json({ tipo: 'email', gruposDono: [], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json({ tipos: [] }),
    });
    renderApp('/configuracoes');
    const senha = await screen.findByRole('region', { name: 'Senha' });
    expect(within(senha).getByText('Pelo menos 8 caracteres')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(senha).getByLabelText('Senha atual'), 'segredo-123');
    await user.type(within(senha).getByLabelText('Nova senha'), '1234567');
    await user.type(within(senha).getByLabelText('Confirmar nova senha'), '1234567');
    await user.click(within(senha).getByRole('button', { name: /Alterar senha/ }));
    expect(within(senha).getByText('A senha deve ter pelo menos 8 caracteres')).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();

    updatePassword.mockRejectedValueOnce(Object.assign(new Error('Password did not conform with policy'), { name: 'InvalidPasswordException' }));
    await user.type(within(senha).getByLabelText('Nova senha'), '8');
    await user.type(within(senha).getByLabelText('Confirmar nova senha'), '8');
    await user.click(within(senha).getByRole('button', { name: /Alterar senha/ }));
    expect(await within(senha).findByText('A senha deve ter pelo menos 8 caracteres')).toBeInTheDocument();
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'segredo-123', newPassword: '12345678' });
  });
});
