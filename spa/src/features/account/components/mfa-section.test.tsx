import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';

// Amplify's TOTP calls, stubbed: lib/auth/mfa.ts runs as it is on top of them.
const amplify = vi.hoisted(() => ({
  enabled: [] as string[],
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => ({
  fetchMFAPreference: amplify.fetchMFAPreference,
  setUpTOTP: amplify.setUpTOTP,
  verifyTOTPSetup: amplify.verifyTOTPSetup,
  updateMFAPreference: amplify.updateMFAPreference,
}));
vi.mock('@/lib/auth/mfa-loader', async () => {
  const actions = await import('@/lib/auth/mfa');
  return { loadMfaActions: () => Promise.resolve(actions) };
});

const prefs = { tipos: [{ tipo: 'nivel', rotulo: 'Subi de nível', ativo: true }] };

function page(tipo: 'email' | 'google') {
  stubApi({
    'GET /api/me/conta': () => json({ tipo, gruposDono: [], exclusaoIniciada: false }),
    'GET /api/me/notificacoes/preferencias': () => json(prefs),
  });
  renderApp('/configuracoes');
  return screen.findByRole('region', { name: 'Verificação em duas etapas' });
}

describe('two-step verification in /configuracoes', () => {
  beforeEach(() => {
    amplify.enabled = [];
    amplify.fetchMFAPreference.mockReset().mockImplementation(async () => ({ enabled: amplify.enabled }));
    amplify.setUpTOTP.mockReset().mockResolvedValue({
      sharedSecret: 'JBSWY3DPEHPK3PXP',
      getSetupUri: (app: string, account: string) => new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
    });
    amplify.verifyTOTPSetup.mockReset();
    amplify.updateMFAPreference.mockReset().mockImplementation(async ({ totp }: { totp: string }) => {
      amplify.enabled = totp === 'DISABLED' ? [] : ['TOTP'];
    });
  });

  it('sets TOTP up with a QR code and the key, refuses a wrong code, then turns it off', async () => {
    const section = await page('email');
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: 'Ativar verificação em duas etapas' }));

    expect(await within(section).findByRole('img', { name: 'Código QR para o aplicativo autenticador' })).toBeInTheDocument();
    expect(within(section).getByLabelText('Chave do aplicativo autenticador')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(within(section).getByRole('link', { name: 'abra este endereço no celular' }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\/Verde:/);

    // Not six digits: said at once, nothing sent.
    await user.type(within(section).getByLabelText('Código do aplicativo'), '123');
    await user.click(within(section).getByRole('button', { name: 'Confirmar' }));
    expect(within(section).getByText('Digite os 6 dígitos que o aplicativo mostra')).toBeInTheDocument();
    expect(amplify.verifyTOTPSetup).not.toHaveBeenCalled();

    // A code Cognito refuses: the error's name is told in Portuguese, TOTP stays off.
    amplify.verifyTOTPSetup.mockRejectedValueOnce(Object.assign(new Error('Code mismatch'), { name: 'EnableSoftwareTokenMFAException' }));
    await user.clear(within(section).getByLabelText('Código do aplicativo'));
    await user.type(within(section).getByLabelText('Código do aplicativo'), '000000');
    await user.click(within(section).getByRole('button', { name: 'Confirmar' }));
    expect(await within(section).findByText('Código incorreto. Confira o código no aplicativo e tente novamente.')).toBeInTheDocument();
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();

    await user.clear(within(section).getByLabelText('Código do aplicativo'));
    await user.type(within(section).getByLabelText('Código do aplicativo'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirmar' }));
    expect(await within(section).findByText(/Verificação em duas etapas ativada/)).toBeInTheDocument();
    expect(amplify.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenLastCalledWith({ totp: 'PREFERRED' });
    expect(within(section).getByText('Ativada: ao entrar, o Verde pede o código do seu aplicativo.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Desativar' }));
    expect(await within(section).findByText('Verificação em duas etapas desativada.')).toBeInTheDocument();
    expect(amplify.updateMFAPreference).toHaveBeenLastCalledWith({ totp: 'DISABLED' });
    expect(within(section).getByRole('button', { name: 'Ativar verificação em duas etapas' })).toBeInTheDocument();
  });

  it('shows an account that has it on as on', async () => {
    amplify.enabled = ['TOTP'];
    const section = await page('email');
    expect(await within(section).findByRole('button', { name: 'Desativar' })).toBeInTheDocument();
  });

  it('sends a Google account to its Google settings', async () => {
    const section = await page('google');
    expect(within(section).getByText(/ative a verificação em duas etapas na sua Conta Google/)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(amplify.fetchMFAPreference).not.toHaveBeenCalled();
  });
});
