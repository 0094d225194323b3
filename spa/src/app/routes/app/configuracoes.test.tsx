import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';

const prefs = {
  tipos: [
    { tipo: 'lote_atribuido', rotulo: 'Lote atribuído a mim', ativo: true },
    { tipo: 'nivel', rotulo: 'Subi de nível', ativo: true },
  ],
};

describe('settings screen', () => {
  it('lists the groups a dono must transfer or delete first, and keeps the deletion closed', async () => {
    stubApi({
      'GET /api/me/conta': () => json({ tipo: 'email', gruposDono: [{ id: 'g1', nome: 'Horta da Praça' }], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json(prefs),
    });
    renderApp('/configuracoes');
    const excluir = await screen.findByRole('region', { name: 'Excluir minha conta' });
    expect(within(excluir).getByText('Horta da Praça')).toBeInTheDocument();
    expect(within(excluir).getByRole('link', { name: 'Transferir ou excluir' })).toHaveAttribute('href', '/grupos/g1');
    expect(within(excluir).getByRole('button', { name: 'Excluir minha conta' })).toBeDisabled();
  });

  it('tells a Google account where its password lives and asks no password to delete', async () => {
    stubApi({
      'GET /api/me/conta': () => json({ tipo: 'google', gruposDono: [], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json(prefs),
    });
    renderApp('/configuracoes');
    const senha = await screen.findByRole('region', { name: 'Senha' });
    expect(within(senha).getByRole('link', { name: 'a segurança da sua Conta Google' })).toBeInTheDocument();
    expect(within(senha).queryByLabelText('Senha atual')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Excluir minha conta' })).queryByLabelText('Sua senha')).not.toBeInTheDocument();
  });

  it('names the field of a refused confirmation and runs the deletion in chunks', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      'GET /api/me/conta': () => json({ tipo: 'email', gruposDono: [], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json(prefs),
      'POST /api/me/exclusao': () => {
        calls++;
        if (calls === 1) return json({ error: { code: 'validation', message: 'Senha incorreta', field: 'senha' } }, 400);
        return json({ fase: calls === 2 ? 'cultivos' : 'concluida', etapa: calls === 2 ? 3 : 8, etapas: 8, removidos: 10, concluida: calls > 2 });
      },
    });
    const user = userEvent.setup();
    renderApp('/configuracoes');
    const excluir = await screen.findByRole('region', { name: 'Excluir minha conta' });
    await user.click(within(excluir).getByRole('button', { name: 'Excluir minha conta' }));
    expect(within(excluir).getByText('Digite EXCLUIR para confirmar a exclusão da conta')).toBeInTheDocument();
    await user.type(within(excluir).getByLabelText('Digite EXCLUIR para confirmar'), 'EXCLUIR');
    await user.type(within(excluir).getByLabelText('Sua senha'), 'errada');
    await user.click(within(excluir).getByRole('button', { name: 'Excluir minha conta' }));
    expect(await within(excluir).findByText('Senha incorreta')).toBeInTheDocument();
    expect(within(excluir).getByLabelText('Sua senha')).toHaveAccessibleDescription('Senha incorreta');
    await user.click(within(excluir).getByRole('button', { name: 'Excluir minha conta' }));
    await vi.waitFor(() => expect(calls).toBe(3));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posts[1]![1]!.body))).toEqual({ confirmacao: 'EXCLUIR', senha: 'errada' });
  });

  it('lets the member choose e-mails, all off until chosen, each saved as it is switched', async () => {
    const puts: unknown[] = [];
    let ativos: string[] = [];
    const emails = () => ({
      envio: true,
      tipos: [
        { tipo: 'janela', rotulo: 'Janela de colheita', descricao: 'Quando um cultivo seu entra na época de colheita.', ativo: ativos.includes('janela') },
        { tipo: 'resumo', rotulo: 'Resumo semanal dos grupos', descricao: 'Toda segunda-feira de manhã.', ativo: ativos.includes('resumo') },
      ],
    });
    stubApi({
      'GET /api/me/conta': () => json({ tipo: 'email', gruposDono: [], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json(prefs),
      'GET /api/me/emails': () => json(emails()),
      'PUT /api/me/emails': (init) => {
        const body = JSON.parse(String(init?.body)) as { ativos: string[] };
        puts.push(body);
        ativos = body.ativos;
        return json(emails());
      },
    });
    const user = userEvent.setup();
    renderApp('/configuracoes');
    const section = await screen.findByRole('region', { name: 'E-mails' });
    const resumo = await within(section).findByRole('checkbox', { name: /Resumo semanal dos grupos/ });
    expect(resumo).not.toBeChecked();
    expect(resumo).toHaveAccessibleDescription('Toda segunda-feira de manhã.');
    await user.click(resumo);
    await vi.waitFor(() => expect(puts).toEqual([{ ativos: ['resumo'] }]));
    expect(await within(section).findByText('Escolhas de e-mail salvas.')).toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: /Resumo semanal dos grupos/ })).toBeChecked();
  });

  it('a switch moves at the click, before its save answers, and moves back if the save fails', async () => {
    let answer: ((r: Response) => void) | null = null;
    stubApi({
      'GET /api/me/conta': () => json({ tipo: 'email', gruposDono: [], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json(prefs),
      'GET /api/me/emails': () =>
        json({ envio: true, tipos: [{ tipo: 'resumo', rotulo: 'Resumo semanal dos grupos', descricao: 'Toda segunda-feira de manhã.', ativo: false }] }),
      'PUT /api/me/emails': () => new Promise<Response>((r) => (answer = r)),
    });
    renderApp('/configuracoes');
    const section = await screen.findByRole('region', { name: 'E-mails' });
    const resumo = await within(section).findByRole('checkbox', { name: /Resumo semanal dos grupos/ });
    // Checked in the click's own render (nothing awaited), the save still on its way.
    fireEvent.click(resumo);
    expect(resumo).toBeChecked();
    await vi.waitFor(() => expect(answer).not.toBeNull());
    answer!(json({ error: { code: 'invalid', message: 'Escolha um tipo de e-mail da lista.' } }, 400));
    expect(await within(section).findByText('Escolha um tipo de e-mail da lista.')).toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: /Resumo semanal dos grupos/ })).not.toBeChecked();
  });

  it('says when the site does not send e-mail yet', async () => {
    stubApi({
      'GET /api/me/conta': () => json({ tipo: 'email', gruposDono: [], exclusaoIniciada: false }),
      'GET /api/me/notificacoes/preferencias': () => json(prefs),
      'GET /api/me/emails': () => json({ envio: false, tipos: [] }),
    });
    renderApp('/configuracoes');
    const section = await screen.findByRole('region', { name: 'E-mails' });
    expect(await within(section).findByText(/Este site ainda não envia e-mails/)).toBeInTheDocument();
  });
});
