import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { fakeAuth, renderApp, stubApi, testUser } from '@/testing/test-utils';

const unverified = { ...testUser, emailVerified: false };

// The banner is its own chunk, loaded only for an unverified user (alongside the dashboard's
// own lazily loaded cards: allow it time on a busy machine).
let found: HTMLElement;
async function findBanner() {
  found = await screen.findByRole('region', { name: 'Confirme seu e-mail' });
  return found;
}
const banner = () => found;

describe('"Confirme seu e-mail" banner', () => {
  beforeEach(() => {
    stubApi();
    sessionStorage.clear();
  });

  it('is not shown to a user whose e-mail is verified', async () => {
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).not.toBeInTheDocument();
  });

  it('confirms the e-mail with the code, naming the field on a bad code', async () => {
    const confirmEmail = vi
      .fn()
      .mockResolvedValueOnce({ success: false, code: 'CodeMismatchException', error: 'Invalid code' })
      .mockResolvedValueOnce({ success: true });
    const auth = fakeAuth({ user: unverified, confirmEmail });
    const { setAuth } = renderApp('/dashboard', auth);
    await screen.findByRole('heading', { name: 'Dashboard' });
    await findBanner();
    expect(within(banner()).getByText(testUser.email)).toBeInTheDocument();
    const field = within(banner()).getByLabelText('Código de confirmação');
    const confirm = within(banner()).getByRole('button', { name: 'Confirmar' });

    await userEvent.click(confirm);
    expect(field).toHaveAccessibleDescription('Informe o código enviado para seu e-mail');
    await userEvent.type(field, '12ab');
    await userEvent.click(confirm);
    expect(field).toHaveAccessibleDescription('O código tem 6 dígitos');
    expect(confirmEmail).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '000000');
    await userEvent.click(confirm);
    expect(confirmEmail).toHaveBeenCalledWith('000000');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Código incorreto. Confira o código enviado para seu e-mail'));
    expect(field).toHaveFocus();

    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'E-mail confirmado.')).toBe(true));
    // The provider marks the user verified; the banner goes and the confirmation stays said.
    setAuth({ ...auth, user: { ...unverified, emailVerified: true } });
    expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'E-mail confirmado.')).toBe(true);
  });

  it('sends another code on "Reenviar código" and says a failure', async () => {
    const sendEmailCode = vi
      .fn()
      .mockResolvedValueOnce({ success: true })
      .mockResolvedValueOnce({ success: false, code: 'LimitExceededException', error: 'Attempt limit exceeded' });
    renderApp('/dashboard', fakeAuth({ user: unverified, sendEmailCode }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await findBanner();
    const resend = within(banner()).getByRole('button', { name: 'Reenviar código' });
    await userEvent.click(resend);
    expect(await within(banner()).findByText(`Enviamos um novo código para ${testUser.email}.`)).toBeInTheDocument();
    await userEvent.click(resend);
    expect(await within(banner()).findByText('Muitas tentativas. Aguarde alguns minutos e tente novamente')).toBeInTheDocument();
    expect(sendEmailCode).toHaveBeenCalledTimes(2);
  });

  it('can be dismissed for the rest of the visit', async () => {
    const first = renderApp('/dashboard', fakeAuth({ user: unverified }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await findBanner();
    await userEvent.click(within(banner()).getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/grupos', fakeAuth({ user: unverified }));
    await screen.findByRole('heading', { name: 'Meus Grupos' });
    expect(screen.queryByRole('region', { name: 'Confirme seu e-mail' })).not.toBeInTheDocument();
  });
});
