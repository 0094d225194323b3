import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import { calls, detail, invite, member, page } from '@/testing/group-fixtures';
import type { Papel } from '@/types/api';

/** Members of g1 with the test user (user-1) in the given role. */
function membersWith(papel: Papel | null) {
  const list = [
    member({ userId: 'owner-1', nome: 'Dona Rosa', papel: 'dono' }),
    member({ userId: 'coord-1', nome: 'Carlos Coord', papel: 'coordenador' }),
    member({ userId: 'u-2', nome: 'João Pedro', papel: 'membro', lotes: ['A2'] }),
  ];
  if (papel === 'dono') list[0] = member({ userId: 'user-1', nome: 'Maria Clara Souza', papel: 'dono' });
  else if (papel) list.push(member({ userId: 'user-1', nome: 'Maria Clara Souza', papel }));
  return list;
}

function tabs() {
  return within(screen.getByRole('navigation', { name: 'Seções do grupo' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

function groupApi(papel: Papel | null, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/groups/g1': () => json(detail({ meuPapel: papel })),
    'GET /api/groups/g1/members': () => json(page(membersWith(papel))),
    ...extra,
  });
}

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/group-detail');
});

describe('group detail screen', () => {
  it('says clearly when the group does not exist (or is private)', async () => {
    stubApi({ 'GET /api/groups/nada': () => json({ error: { code: 'not_found', message: 'Grupo não encontrado' } }, 404) });
    renderApp('/grupos/nada');
    expect(await screen.findByRole('heading', { level: 2, name: 'Grupo não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Grupo' })).toBeInTheDocument();
  });

  it('lets a visitor join an open group and then shows them as a member', async () => {
    let joined = false;
    const fetchMock = stubApi({
      'GET /api/groups/g1': () => json(detail(joined ? { meuPapel: 'membro', memberCount: 4 } : { meuPapel: null })),
      'POST /api/groups/g1/join': () => {
        joined = true;
        return json({ status: 'membro', pontosGanhos: 10, grupo: detail() }, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Horta da Vila' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Seções do grupo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver lotes' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Participar do grupo Horta da Vila' }));
    expect(await screen.findByText('Você entrou no grupo! +10 pontos.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sair do grupo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver lotes' })).toHaveAttribute('href', '/grupos/g1/lotes');
    expect(calls(fetchMock, 'POST', '/api/groups/g1/join')).toHaveLength(1);
  });

  it('shows a pending request and lets the visitor cancel it', async () => {
    const fetchMock = stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: null, entrada: 'aprovacao', minhaSolicitacao: true })),
      'DELETE /api/groups/g1/requests/user-1': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1');
    expect(await screen.findByText('Seu pedido para entrar foi enviado. Aguarde a aprovação de um coordenador.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar pedido' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/groups/g1/requests/user-1')).toHaveLength(1));
  });

  it('an approval shows on the waiting member\'s page without a reload (a new notification re-reads the group)', async () => {
    let approved = false;
    stubApi({
      'GET /api/groups/g1': () =>
        json(approved ? detail({ meuPapel: 'membro', entrada: 'aprovacao' }) : detail({ meuPapel: null, entrada: 'aprovacao', minhaSolicitacao: true })),
      'GET /api/notifications/unread-count': () => json({ count: approved ? 1 : 0 }),
    });
    renderApp('/grupos/g1');
    expect(await screen.findByText('Seu pedido para entrar foi enviado. Aguarde a aprovação de um coordenador.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
    approved = true; // a coordinator approves elsewhere; the member's tab comes back to the front
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.queryByText(/Seu pedido para entrar foi enviado/)).not.toBeInTheDocument());
  }, 20_000);

  describe('a membro', () => {
    it('sees the overview and the members, with no management actions', async () => {
      groupApi('membro');
      const user = userEvent.setup();
      renderApp('/grupos/g1');
      await screen.findByRole('heading', { level: 1, name: 'Horta da Vila' });
      expect(tabs()).toEqual(['Visão geral', 'Mural', 'Cultivos', 'Mutirões', 'Escalas', 'Partilha', 'Membros']);
      await user.click(screen.getByRole('link', { name: 'Membros' }));
      expect(await screen.findByText('João Pedro')).toBeInTheDocument();
      expect(screen.getByText('Lotes: A2')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Remover|Promover|Transferir/ })).not.toBeInTheDocument();
    });

    it('leaves the group after confirming in an accessible dialog', async () => {
      const fetchMock = groupApi('membro', {
        'DELETE /api/groups/g1/members/user-1': () => new Response(null, { status: 204 }),
        'GET /api/me/groups': () => json(page([])),
      });
      const user = userEvent.setup();
      const { router } = renderApp('/grupos/g1');
      const leave = await screen.findByRole('button', { name: 'Sair do grupo' });
      await user.click(leave);
      const dialog = screen.getByRole('dialog', { name: 'Sair do grupo?' });
      expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(leave).toHaveFocus();
      expect(calls(fetchMock, 'DELETE', '/api/groups/g1/members/user-1')).toHaveLength(0);

      await user.click(leave);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sair do grupo' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/grupos'));
      expect(await screen.findByText('Você saiu do grupo Horta da Vila.')).toBeInTheDocument();
      expect(calls(fetchMock, 'DELETE', '/api/groups/g1/members/user-1')).toHaveLength(1);
    });

    it('does not open management sections through the address', async () => {
      groupApi('membro');
      renderApp('/grupos/g1?aba=configuracoes');
      await screen.findByRole('heading', { level: 1, name: 'Horta da Vila' });
      expect(screen.getByRole('heading', { name: 'Sobre o grupo' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Editar grupo' })).not.toBeInTheDocument();
    });
  });

  describe('the dono', () => {
    it('promotes, demotes, transfers ownership and removes members', async () => {
      const fetchMock = groupApi('dono', {
        'PATCH /api/groups/g1/members/u-2': () => json(member({ userId: 'u-2', papel: 'coordenador' })),
        'PATCH /api/groups/g1/members/coord-1': () => json(member({ userId: 'coord-1', papel: 'membro' })),
        'POST /api/groups/g1/transfer': () => json(detail({ meuPapel: 'coordenador' })),
        'DELETE /api/groups/g1/members/u-2': () => new Response(null, { status: 204 }),
      });
      const user = userEvent.setup();
      renderApp('/grupos/g1?aba=membros');
      await screen.findByText('João Pedro');
      expect(tabs()).toEqual(['Visão geral', 'Mural', 'Cultivos', 'Mutirões', 'Escalas', 'Partilha', 'Membros', 'Convites', 'Configurações']);
      expect(within(screen.getByRole('main')).queryByRole('button', { name: /Maria Clara/ })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Promover João Pedro a coordenador' }));
      expect(await screen.findByText('João Pedro agora é coordenador.')).toBeInTheDocument();
      expect(calls(fetchMock, 'PATCH', '/api/groups/g1/members/u-2')[0]!.body).toEqual({ papel: 'coordenador' });

      await user.click(screen.getByRole('button', { name: 'Tornar Carlos Coord membro' }));
      expect(await screen.findByText('Carlos Coord agora é membro.')).toBeInTheDocument();
      expect(calls(fetchMock, 'PATCH', '/api/groups/g1/members/coord-1')[0]!.body).toEqual({ papel: 'membro' });

      await user.click(screen.getByRole('button', { name: 'Remover João Pedro' }));
      const remove = screen.getByRole('dialog', { name: 'Remover João Pedro?' });
      expect(remove).toHaveTextContent('os lotes A2 ficarão livres');
      await user.click(within(remove).getByRole('button', { name: 'Remover' }));
      expect(await screen.findByText('João Pedro foi removido do grupo.')).toBeInTheDocument();
      expect(calls(fetchMock, 'DELETE', '/api/groups/g1/members/u-2')).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Transferir posse para Carlos Coord' }));
      const transfer = screen.getByRole('dialog', { name: 'Transferir a posse para Carlos Coord?' });
      await user.click(within(transfer).getByRole('button', { name: 'Transferir posse' }));
      expect(await screen.findByText('Carlos Coord agora é o dono do grupo.')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/groups/g1/transfer')[0]!.body).toEqual({ userId: 'coord-1' });
    });

    it('cannot leave without transferring first', async () => {
      groupApi('dono');
      renderApp('/grupos/g1');
      expect(await screen.findByText(/Para sair, transfira a posse/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sair do grupo' })).not.toBeInTheDocument();
    });

    it('edits the group with the version read and shows a lost update', async () => {
      let conflict = false;
      const fetchMock = groupApi('dono', {
        'PATCH /api/groups/g1': () =>
          conflict
            ? json({ error: { code: 'conflict', message: 'O grupo foi alterado por outra pessoa enquanto você editava.' } }, 409)
            : json(detail({ meuPapel: 'dono', nome: 'Horta da Vila Nova', version: 4 })),
      });
      const user = userEvent.setup();
      renderApp('/grupos/g1?aba=configuracoes');
      const nome = await screen.findByLabelText('Nome do grupo');
      expect(nome).toHaveValue('Horta da Vila');
      await user.clear(nome);
      await user.type(nome, 'Horta da Vila Nova');
      await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
      expect(await screen.findByText('Alterações salvas.')).toBeInTheDocument();
      expect(calls(fetchMock, 'PATCH', '/api/groups/g1')[0]!.body).toEqual({ version: 3, nome: 'Horta da Vila Nova' });

      conflict = true;
      await user.clear(nome);
      await user.type(nome, 'Outro nome');
      await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
      expect(await screen.findByText('O grupo foi alterado por outra pessoa enquanto você editava.')).toBeInTheDocument();
    });

    it('deletes the group after confirming', async () => {
      const fetchMock = groupApi('dono', {
        'DELETE /api/groups/g1': () => new Response(null, { status: 204 }),
        'GET /api/me/groups': () => json(page([])),
      });
      const user = userEvent.setup();
      const { router } = renderApp('/grupos/g1?aba=configuracoes');
      await user.click(await screen.findByRole('button', { name: 'Excluir grupo' }));
      const dialog = screen.getByRole('dialog', { name: 'Excluir o grupo Horta da Vila?' });
      expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      expect(calls(fetchMock, 'DELETE', '/api/groups/g1')).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Excluir grupo' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir grupo' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/grupos'));
      expect(await screen.findByText('O grupo Horta da Vila foi excluído.')).toBeInTheDocument();
    });

    it('creates, lists and revokes invite links', async () => {
      let revoked = false;
      const fetchMock = groupApi('dono', {
        'GET /api/groups/g1/invites': () =>
          json(page([invite({ token: 'tok-expirado-000000000', status: 'expirado' }), invite(revoked ? { status: 'revogado', revogado: true } : {})])),
        'POST /api/groups/g1/invites': () => json(invite({ maxUsos: 5 }), 201),
        'DELETE /api/groups/g1/invites/abcdefghijklmnopqrstuv': () => {
          revoked = true;
          return json(invite({ status: 'revogado', revogado: true }));
        },
      });
      const user = userEvent.setup();
      renderApp('/grupos/g1?aba=convites');
      const usos = await screen.findByLabelText('Limite de usos');
      await user.clear(usos);
      await user.type(usos, '0');
      await user.click(screen.getByRole('button', { name: 'Criar convite' }));
      expect(screen.getByText('O limite de usos deve ser um número entre 1 e 1000')).toBeInTheDocument();
      await user.clear(usos);
      await user.type(usos, '5');
      await user.click(screen.getByRole('button', { name: 'Criar convite' }));
      expect(await screen.findByText('Convite criado!')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/groups/g1/invites')[0]!.body).toEqual({ expiraEmDias: 7, maxUsos: 5 });
      expect(screen.getAllByDisplayValue(`${window.location.origin}/grupos/g1/convite?c=abcdefghijklmnopqrstuv`).length).toBeGreaterThan(0);
      // Sent on WhatsApp with a Portuguese message naming the group, the link after it.
      const created = screen.getByText('Convite criado!').closest('div')!;
      const whatsapp = within(created as HTMLElement).getByRole('link', { name: 'Enviar pelo WhatsApp' });
      expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
        `Venha cultivar com a gente! Você foi convidado para o grupo "Horta da Vila" no Verde, o app de hortas comunitárias. Entre pelo link: ${window.location.origin}/grupos/g1/convite?c=abcdefghijklmnopqrstuv`,
      );

      const list = screen.getByRole('list', { name: 'Links de convite' });
      expect(within(list).getByText('Expirado')).toBeInTheDocument();
      await user.click(within(list).getByRole('button', { name: 'Revogar' }));
      const dialog = screen.getByRole('dialog', { name: 'Revogar este convite?' });
      await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
      expect(await within(list).findByText('Revogado')).toBeInTheDocument();
      expect(within(list).queryByRole('button', { name: 'Revogar' })).not.toBeInTheDocument();
    });
  });

  describe('a coordenador', () => {
    it('removes membros only, edits but cannot delete the group, and answers join requests', async () => {
      const fetchMock = stubApi({
        'GET /api/groups/g1': () => json(detail({ meuPapel: 'coordenador', entrada: 'aprovacao', solicitacoesPendentes: 1 })),
        'GET /api/groups/g1/members': () => json(page(membersWith('coordenador'))),
        'GET /api/groups/g1/requests': () => json(page([{ userId: 'u-9', nome: 'Ana Nova', createdAt: '2025-03-05T12:00:00Z' }])),
        'POST /api/groups/g1/requests/u-9/approve': () => json(member({ userId: 'u-9', nome: 'Ana Nova' }), 201),
      });
      const user = userEvent.setup();
      renderApp('/grupos/g1?aba=membros');
      await screen.findByText('João Pedro');
      expect(tabs()).toEqual(['Visão geral', 'Mural', 'Cultivos', 'Mutirões', 'Escalas', 'Partilha', 'Membros', 'Pedidos (1)', 'Convites', 'Configurações']);
      expect(screen.getByRole('button', { name: 'Remover João Pedro' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remover Carlos Coord' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remover Dona Rosa' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Promover|Transferir/ })).not.toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Configurações' }));
      expect(await screen.findByRole('heading', { name: 'Editar grupo' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Excluir grupo' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Pedidos (1)' }));
      await user.click(await screen.findByRole('button', { name: 'Aprovar Ana Nova' }));
      expect(await screen.findByText('Ana Nova agora participa do grupo.')).toBeInTheDocument();
      expect(calls(fetchMock, 'POST', '/api/groups/g1/requests/u-9/approve')).toHaveLength(1);
    });
  });

  it('a site admin who is not a member may remove members and delete the group', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: null })),
      'GET /api/groups/g1/members': () => json(page(membersWith(null))),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1?aba=membros', fakeAuth({ user: adminUser, isAdmin: true }));
    await screen.findByText('João Pedro');
    expect(screen.getByRole('button', { name: 'Remover Carlos Coord' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover Dona Rosa' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Configurações' }));
    expect(await screen.findByRole('button', { name: 'Excluir grupo' })).toBeInTheDocument();
  });
});
