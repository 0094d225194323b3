import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';
import { cultivo } from '@/testing/cultivo-fixtures';
import { calls, detail, lote, loteRequest, members, page } from '@/testing/group-fixtures';

const grid = [
  lote('A1', { status: 'ocupado', responsavelId: 'user-1', responsavelNome: 'Maria Clara Souza', atribuidoEm: '2025-03-04T12:00:00Z' }),
  lote('A2', { status: 'ocupado', responsavelId: 'u-2', responsavelNome: 'João Pedro' }),
  lote('A3'),
  lote('A4', { status: 'manutencao' }),
  lote('A10', { pedidosPendentes: 1 }),
];

function cells() {
  return within(screen.getByRole('list', { name: 'Lotes' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
}

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/group-lotes');
});

describe('lotes screen', () => {
  it('shows the grid with each lote’s status and responsible member in words', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro', meusLotes: ['A1'], meusPedidosLote: ['A10'], lotes: { livre: 2, ocupado: 2, manutencao: 1, total: 5 } })),
      'GET /api/groups/g1/lotes': () => json(page(grid)),
    });
    renderApp('/grupos/g1/lotes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotes do grupo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lote A3, livre' })).toBeInTheDocument();
    expect(cells()).toEqual([
      'Lote A1, ocupado por Maria Clara Souza, seu lote',
      'Lote A2, ocupado por João Pedro',
      'Lote A3, livre',
      'Lote A4, manutenção',
      'Lote A10, livre, você pediu este lote',
    ]);
    const legend = screen.getByRole('list', { name: 'Resumo dos lotes' });
    expect(legend).toHaveTextContent('2 livres');
    expect(legend).toHaveTextContent('2 ocupados');
    expect(legend).toHaveTextContent('1 em manutenção');
    // Coordinators' tools are not a membro's.
    expect(screen.queryByRole('button', { name: 'Criar lotes' })).not.toBeInTheDocument();
  });

  it('reads the grid a page at a time (the API’s key order) and shows every lote in natural order', async () => {
    const fetchMock = stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro' })),
      'GET /api/groups/g1/lotes': () => {
        const asked = calls(fetchMock, 'GET', '/api/groups/g1/lotes');
        const cursor = asked[asked.length - 1]?.url.searchParams.get('cursor');
        return cursor === 'c1' ? json(page([lote('A2'), lote('A3')])) : json(page([lote('A1'), lote('A10')], 'c1'));
      },
    });
    renderApp('/grupos/g1/lotes');
    await waitFor(() => expect(cells()).toEqual(['Lote A1, livre', 'Lote A2, livre', 'Lote A3, livre', 'Lote A10, livre']));
    const asked = calls(fetchMock, 'GET', '/api/groups/g1/lotes').map((c) => c.url.search);
    expect(asked).toEqual(['?limit=100', '?limit=100&cursor=c1']);
    expect(screen.queryByText('Carregando mais lotes...')).not.toBeInTheDocument();
  });

  it('the /slots path shows the same screen', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail()),
      'GET /api/groups/g1/lotes': () => json(page([lote('A1')])),
    });
    renderApp('/grupos/g1/slots');
    expect(await screen.findByRole('button', { name: 'Lote A1, livre' })).toBeInTheDocument();
  });

  it('a membro asks for a free lote, cancels a request and frees their own lote', async () => {
    const fetchMock = stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro', meusLotes: ['A1'], meusPedidosLote: ['A10'] })),
      'GET /api/groups/g1/lotes': () => json(page(grid)),
      'POST /api/groups/g1/lotes/A3/requests': () => json(loteRequest('A3', 'user-1', 'Maria Clara Souza'), 201),
      'DELETE /api/groups/g1/lotes/A10/requests/user-1': () => new Response(null, { status: 204 }),
      'DELETE /api/groups/g1/lotes/A1/responsavel': () => json(lote('A1')),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');

    const a3 = await screen.findByRole('button', { name: 'Lote A3, livre' });
    await user.click(a3);
    let dialog = screen.getByRole('dialog', { name: 'Lote A3' });
    expect(within(dialog).queryByRole('button', { name: 'Atribuir' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pedir este lote' }));
    expect(await screen.findByText('Pedido do lote A3 enviado. Um coordenador vai analisar.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(a3).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Lote A10, livre, você pediu este lote' }));
    dialog = screen.getByRole('dialog', { name: 'Lote A10' });
    expect(within(dialog).queryByRole('button', { name: 'Pedir este lote' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar meu pedido' }));
    expect(await screen.findByText('Seu pedido do lote A10 foi cancelado.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Lote A1,/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Lote A1' })).getByRole('button', { name: 'Liberar lote' }));
    const confirm = screen.getByRole('dialog', { name: 'Liberar o lote A1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Liberar lote' }));
    expect(await screen.findByText('O lote A1 agora está livre.')).toBeInTheDocument();

    expect(calls(fetchMock, 'POST', '/api/groups/g1/lotes/A3/requests')).toHaveLength(1);
    expect(calls(fetchMock, 'DELETE', '/api/groups/g1/lotes/A10/requests/user-1')).toHaveLength(1);
    expect(calls(fetchMock, 'DELETE', '/api/groups/g1/lotes/A1/responsavel')).toHaveLength(1);
  });

  it("a lote's dialog lists its cultivos with links and starts a new one on it", async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro', meusLotes: ['A1'] })),
      'GET /api/groups/g1/lotes': () => json(page([lote('A1', { status: 'ocupado', responsavelId: 'user-1', responsavelNome: 'Maria Clara Souza', cultivosAtivos: 1 })])),
      'GET /api/groups/g1/cultivos': () =>
        json({ items: [cultivo({ id: 'c1', loteCodigo: 'A1', vegetalNome: 'Tomate' }), cultivo({ id: 'c2', loteCodigo: 'A7', vegetalNome: 'Couve' })], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');
    await user.click(await screen.findByRole('button', { name: /^Lote A1,/ }));
    const dialog = screen.getByRole('dialog', { name: 'Lote A1' });
    expect(await within(dialog).findByRole('link', { name: 'Tomate' })).toHaveAttribute('href', '/grupos/g1/cultivos/c1');
    expect(within(dialog).queryByRole('link', { name: 'Couve' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Novo cultivo neste lote' })).toHaveAttribute('href', '/cultivos?novo=&grupo=g1&lote=A1');
  }, 20_000);

  it('a membro cannot ask for a lote in maintenance or one someone holds', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro' })),
      'GET /api/groups/g1/lotes': () => json(page(grid)),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');
    await user.click(await screen.findByRole('button', { name: 'Lote A4, manutenção' }));
    expect(screen.getByText('Este lote está em manutenção e não pode ser pedido agora.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Lote A2, ocupado por João Pedro' }));
    const dialog = screen.getByRole('dialog', { name: 'Lote A2' });
    expect(within(dialog).getByText('Este lote já tem um responsável.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Pedir|Liberar/ })).not.toBeInTheDocument();
  });

  it('a coordinator bulk-creates A1–A12 with an area, checking the range first', async () => {
    let created = false;
    const twelve = Array.from({ length: 12 }, (_, i) => lote(`A${i + 1}`, { area: 6.5 }));
    const fetchMock = stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'coordenador', lotes: { livre: created ? 12 : 0, ocupado: 0, manutencao: 0, total: created ? 12 : 0 } })),
      'GET /api/groups/g1/lotes': () => json(page(created ? twelve : [])),
      'GET /api/groups/g1/members': () => json(page(members)),
      'GET /api/groups/g1/lote-requests': () => json(page([])),
      'POST /api/groups/g1/lotes': () => {
        created = true;
        return json(page(twelve), 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');
    expect(await screen.findByRole('heading', { name: 'Nenhum lote ainda' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Criar lotes' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Criar lotes' });
    expect(within(dialog).getByText('Serão criados A1 a A12 (12 lotes).')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar lotes' }));
    expect(within(dialog).getByText('Informe a área do lote em m²')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Área de cada lote (m²)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Área de cada lote (m²)'), '0');
    await user.clear(within(dialog).getByLabelText('Até o número'));
    await user.type(within(dialog).getByLabelText('Até o número'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Criar lotes' }));
    expect(within(dialog).getByText('Crie no máximo 98 lotes por vez')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Nenhum lote será criado assim: A1 a A200 são 200 lotes/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/Serão criados/)).toBeNull();
    expect(within(dialog).getByText('A área deve estar entre 0,01 e 10000 m²')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Até o número'));
    await user.type(within(dialog).getByLabelText('Até o número'), '12');
    await user.clear(within(dialog).getByLabelText('Área de cada lote (m²)'));
    await user.type(within(dialog).getByLabelText('Área de cada lote (m²)'), '6,5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar lotes' }));

    expect(await screen.findByText('12 lotes criados: A1 a A12.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Lote A12, livre' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/groups/g1/lotes')[0]!.body).toEqual({ prefixo: 'A', inicio: 1, fim: 12, area: 6.5, observacoes: '' });
  });

  it('shows the server’s refusal of a bulk creation', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'dono' })),
      'GET /api/groups/g1/lotes': () => json(page([lote('A1')])),
      'GET /api/groups/g1/members': () => json(page(members)),
      'GET /api/groups/g1/lote-requests': () => json(page([])),
      'POST /api/groups/g1/lotes': () => json({ error: { code: 'conflict', message: 'O lote A1 já existe neste grupo' } }, 409),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');
    await user.click(await screen.findByRole('button', { name: 'Criar lotes' }));
    const dialog = screen.getByRole('dialog', { name: 'Criar lotes' });
    await user.type(within(dialog).getByLabelText('Área de cada lote (m²)'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Criar lotes' }));
    expect(await within(dialog).findByText('O lote A1 já existe neste grupo')).toBeInTheDocument();
  });

  function coordinatorApi(extra: Parameters<typeof stubApi>[0] = {}) {
    return stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'coordenador' })),
      'GET /api/groups/g1/lotes': () => json(page(grid)),
      'GET /api/groups/g1/members': () => json(page(members)),
      'GET /api/groups/g1/lote-requests': () => json(page([loteRequest('A10', 'u-2', 'João Pedro')])),
      ...extra,
    });
  }

  it('a coordinator approves a lote request and assigns a free lote to a member', async () => {
    const fetchMock = coordinatorApi({
      'PUT /api/groups/g1/lotes/A3/responsavel': () => json(lote('A3', { status: 'ocupado', responsavelId: 'u-2' })),
      'POST /api/groups/g1/lotes/A10/requests/u-2/approve': () => json(lote('A10', { status: 'ocupado' })),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');

    // The request shows in the panel and on the cell.
    expect(await screen.findByRole('button', { name: 'Lote A10, livre, 1 pedido' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'João Pedro pediu o lote A10' }));
    let dialog = screen.getByRole('dialog', { name: 'Lote A10' });
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar pedido de João Pedro' }));
    expect(await screen.findByText('O lote A10 agora é de João Pedro.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/groups/g1/lotes/A10/requests/u-2/approve')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Lote A3, livre' }));
    dialog = screen.getByRole('dialog', { name: 'Lote A3' });
    await user.click(within(dialog).getByRole('button', { name: 'Atribuir' }));
    expect(within(dialog).getByText('Escolha o membro responsável pelo lote')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Atribuir a'), 'João Pedro');
    await user.click(within(dialog).getByRole('button', { name: 'Atribuir' }));
    expect(await screen.findByText('O lote A3 agora é de João Pedro.')).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', '/api/groups/g1/lotes/A3/responsavel')[0]!.body).toEqual({ userId: 'u-2' });
  });

  it('a coordinator puts a lote in maintenance and frees someone else’s lote after confirming', async () => {
    const fetchMock = coordinatorApi({
      'DELETE /api/groups/g1/lotes/A2/responsavel': () => json(lote('A2')),
      'PATCH /api/groups/g1/lotes/A3': () => json(lote('A3', { status: 'manutencao', version: 2 })),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');

    await user.click(await screen.findByRole('button', { name: 'Lote A3, livre' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Colocar em manutenção' }));
    expect(await screen.findByText('O lote A3 está em manutenção.')).toBeInTheDocument();
    expect(calls(fetchMock, 'PATCH', '/api/groups/g1/lotes/A3')[0]!.body).toEqual({ version: 1, status: 'manutencao' });

    await user.click(screen.getByRole('button', { name: 'Lote A2, ocupado por João Pedro' }));
    const dialog = screen.getByRole('dialog', { name: 'Lote A2' });
    expect(within(dialog).queryByRole('button', { name: 'Excluir lote' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Liberar lote' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Liberar o lote A2?' })).getByRole('button', { name: 'Liberar lote' }));
    expect(await screen.findByText('O lote A2 agora está livre.')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/groups/g1/lotes/A2/responsavel')).toHaveLength(1);
  });

  it('a coordinator edits a lote’s area and deletes a lote after confirming', async () => {
    const fetchMock = coordinatorApi({
      'PATCH /api/groups/g1/lotes/A4': () => json(lote('A4', { area: 8, version: 2 })),
      'DELETE /api/groups/g1/lotes/A4': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');

    await user.click(await screen.findByRole('button', { name: 'Lote A4, manutenção' }));
    const dialog = screen.getByRole('dialog', { name: 'Lote A4' });
    await user.click(within(dialog).getByRole('button', { name: 'Editar área e observações' }));
    await user.clear(within(dialog).getByLabelText('Área (m²)'));
    await user.type(within(dialog).getByLabelText('Área (m²)'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar lote' }));
    expect(await screen.findByText('O lote A4 foi atualizado.')).toBeInTheDocument();
    expect(calls(fetchMock, 'PATCH', '/api/groups/g1/lotes/A4')[0]!.body).toEqual({ version: 1, area: 8, observacoes: '' });

    await user.click(screen.getByRole('button', { name: 'Lote A4, manutenção' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir lote' }));
    const confirm = screen.getByRole('dialog', { name: 'Excluir o lote A4?' });
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Excluir lote' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/groups/g1/lotes/A4')).toHaveLength(1));
    expect(await screen.findByText('O lote A4 foi excluído.')).toBeInTheDocument();
  });

  it('shows an action’s error in the dialog and keeps it open', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro' })),
      'GET /api/groups/g1/lotes': () => json(page([lote('A3')])),
      'POST /api/groups/g1/lotes/A3/requests': () => json({ error: { code: 'conflict', message: 'Você já tem 5 pedidos de lote abertos neste grupo' } }, 409),
    });
    const user = userEvent.setup();
    renderApp('/grupos/g1/lotes');
    await user.click(await screen.findByRole('button', { name: 'Lote A3, livre' }));
    const dialog = screen.getByRole('dialog', { name: 'Lote A3' });
    await user.click(within(dialog).getByRole('button', { name: 'Pedir este lote' }));
    expect(await within(dialog).findByText('Você já tem 5 pedidos de lote abertos neste grupo')).toBeInTheDocument();
  });

  it('tells a non-member that only members see the lotes', async () => {
    const fetchMock = stubApi({ 'GET /api/groups/g1': () => json(detail({ meuPapel: null })) });
    renderApp('/grupos/g1/lotes');
    expect(await screen.findByRole('heading', { name: 'Só membros veem os lotes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver o grupo' })).toHaveAttribute('href', '/grupos/g1');
    expect(calls(fetchMock, 'GET', '/api/groups/g1/lotes')).toHaveLength(0);
  });

  it('has an empty state for members when there are no lotes yet', async () => {
    stubApi({
      'GET /api/groups/g1': () => json(detail({ meuPapel: 'membro' })),
      'GET /api/groups/g1/lotes': () => json(page([])),
    });
    renderApp('/grupos/g1/lotes');
    expect(await screen.findByText('Os coordenadores ainda não dividiram a horta em lotes.')).toBeInTheDocument();
  });
});
