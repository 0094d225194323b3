import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderApp, stubApi } from '@/testing/test-utils';
import { calls, detail } from '@/testing/group-fixtures';

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/create-group');
});

/** Opens /grupos/novo, fills in a valid group (Horta Nova, Recife/PE) and sends it. */
async function sendHortaNova() {
  const user = userEvent.setup();
  renderApp('/grupos/novo');
  await user.type(await screen.findByLabelText('Nome do grupo'), 'Horta Nova');
  await user.type(screen.getByLabelText('Cidade'), 'Recife');
  await user.selectOptions(screen.getByLabelText('UF'), 'PE');
  await user.click(screen.getByRole('button', { name: 'Criar grupo' }));
}

describe('create group screen', () => {
  it('shows the server’s validation messages before sending anything', async () => {
    const fetchMock = stubApi();
    const user = userEvent.setup();
    renderApp('/grupos/novo');
    await user.click(await screen.findByRole('button', { name: 'Criar grupo' }));

    expect(screen.getByLabelText('Nome do grupo')).toHaveAccessibleDescription(expect.stringContaining('O nome do grupo é obrigatório'));
    expect(screen.getByText('A cidade é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('A UF é obrigatória')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do grupo')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome do grupo')).toHaveFocus();

    await user.type(screen.getByLabelText('Nome do grupo'), 'Ho');
    await user.click(screen.getByLabelText('Descrição (opcional)'));
    await user.paste('x'.repeat(1001));
    await user.clear(screen.getByLabelText('Limite de membros'));
    await user.type(screen.getByLabelText('Limite de membros'), '1');
    await user.click(screen.getByRole('button', { name: 'Criar grupo' }));
    expect(screen.getByText('O nome do grupo deve ter entre 3 e 60 caracteres')).toBeInTheDocument();
    expect(screen.getByText('A descrição deve ter no máximo 1000 caracteres')).toBeInTheDocument();
    expect(screen.getByText('O limite de membros deve ser um número entre 2 e 500')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Limite de membros'));
    await user.type(screen.getByLabelText('Limite de membros'), '501');
    await user.click(screen.getByRole('button', { name: 'Criar grupo' }));
    expect(screen.getByText('O limite de membros deve ser um número entre 2 e 500')).toBeInTheDocument();

    expect(calls(fetchMock, 'POST', '/api/groups')).toHaveLength(0);
  });

  it('offers the 27 UFs and makes a private group take invites only', async () => {
    stubApi();
    const user = userEvent.setup();
    renderApp('/grupos/novo');
    const uf = await screen.findByLabelText('UF');
    expect(uf.querySelectorAll('option')).toHaveLength(28); // 'Selecione' + 27 units
    expect(screen.getByLabelText('Limite de membros')).toHaveValue(50);

    await user.click(screen.getByRole('radio', { name: /Privado/ }));
    expect(screen.getByRole('radio', { name: /Só por convite/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Aberta/ })).toBeDisabled();
    expect(screen.getByText('Grupos privados só aceitam entrada por convite.')).toBeInTheDocument();
  });

  it('creates the group and opens it, telling the points earned', async () => {
    const fetchMock = stubApi({
      'POST /api/groups': (init) => {
        const body = JSON.parse(String(init?.body));
        return json(detail({ ...body, id: 'novo-1', meuPapel: 'dono', memberCount: 1, pontosGanhos: 20 }), 201);
      },
      'GET /api/groups/novo-1': () => json(detail({ id: 'novo-1', nome: 'Horta do Bairro', meuPapel: 'dono', memberCount: 1 })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/grupos/novo');
    await user.type(await screen.findByLabelText('Nome do grupo'), '  Horta   do Bairro ');
    await user.type(screen.getByLabelText('Cidade'), 'Recife');
    await user.selectOptions(screen.getByLabelText('UF'), 'PE');
    await user.click(screen.getByRole('radio', { name: /Com aprovação/ }));
    await user.click(screen.getByRole('button', { name: 'Criar grupo' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Horta do Bairro' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/grupos/novo-1');
    expect(screen.getByText('Grupo criado! Você ganhou 20 pontos.')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/groups');
    expect(post!.body).toEqual({
      nome: 'Horta do Bairro',
      descricao: '',
      cidade: 'Recife',
      uf: 'PE',
      fotoCapa: null,
      visibilidade: 'publico',
      entrada: 'aprovacao',
      maxMembros: 50,
    });
  });

  it('shows the server’s field error under its field, and is busy while sending', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({ 'POST /api/groups': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await sendHortaNova();

    const busy = await screen.findByRole('button', { name: 'Criando grupo...' });
    expect(busy).toBeDisabled();
    answer(json({ error: { code: 'validation', message: 'A cidade deve ter no máximo 80 caracteres', field: 'cidade' } }, 400));
    expect(await screen.findByText('A cidade deve ter no máximo 80 caracteres')).toBeInTheDocument();
    expect(screen.getByLabelText('Cidade')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Cidade')).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Criar grupo' })).toBeEnabled());
  });

  it('shows an error without a field above the buttons', async () => {
    const cap = 'Você atingiu o limite de 5 grupos criados por dia. Tente novamente amanhã';
    stubApi({ 'POST /api/groups': () => json({ error: { code: 'rate_limited', message: cap } }, 429) });
    await sendHortaNova();
    expect(await screen.findByText(cap)).toBeInTheDocument();
  });
});
