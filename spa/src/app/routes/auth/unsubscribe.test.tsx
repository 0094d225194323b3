import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const signedOut = fakeAuth({ user: null });

describe('/emails/descadastro', () => {
  it('says what the link stops and stops it with one click, signed out', async () => {
    const posts: string[] = [];
    stubApi({
      'GET /api/emails/descadastro': () => json({ tipo: 'resumo', rotulo: 'Resumo semanal dos grupos', ativo: true }),
      'POST /api/emails/descadastro': (init) => {
        posts.push(String(init?.body ?? ''));
        return json({ tipo: 'resumo', rotulo: 'Resumo semanal dos grupos', ativo: false });
      },
    });
    const user = userEvent.setup();
    renderApp('/emails/descadastro?t=resumo.u1.assinatura', signedOut);
    expect(await screen.findByText(/resumo semanal dos grupos/, { selector: 'strong' })).toBeInTheDocument();
    expect(posts).toEqual([]); // opening the page stops nothing
    await user.click(screen.getByRole('button', { name: 'Parar de receber' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pronto: você não vai mais receber resumo semanal dos grupos por e-mail.');
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Entrar no Verde para escolher seus e-mails' })).toHaveAttribute('href', '/login');
  });

  it("refuses a link that fails its check, in the API's words", async () => {
    stubApi({
      'GET /api/emails/descadastro': () =>
        json({ error: { code: 'validation', field: 't', message: 'Este link de descadastro não é válido. Use o link do e-mail mais recente ou escolha seus e-mails em Configurações.' } }, 400),
    });
    renderApp('/emails/descadastro?t=forjado', signedOut);
    expect(await screen.findByRole('alert', {})).toHaveTextContent('Este link de descadastro não é válido.');
    expect(screen.queryByRole('button', { name: 'Parar de receber' })).not.toBeInTheDocument();
  });

  it('points a signed-in member to Configurações', async () => {
    stubApi({ 'GET /api/emails/descadastro': () => json({ tipo: 'janela', rotulo: 'Janela de colheita', ativo: true }) });
    renderApp('/emails/descadastro?t=janela.u1.x');
    expect(await screen.findByRole('link', { name: 'Escolher todos os meus e-mails em Configurações' })).toHaveAttribute(
      'href',
      '/configuracoes',
    );
  });
});
