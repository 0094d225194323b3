import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const conquista = (codigo: string, nome: string, regra: string, bonus: number, membros: number) => ({
  codigo,
  nome,
  descricao: `Descrição de ${nome}.`,
  regra,
  meta: 1,
  bonus,
  membros,
});

const items = [
  conquista('primeira-semente', 'Primeira Semente', 'Ao chegar a 1 cultivo', 10, 1),
  conquista('colheita-farta', 'Colheita Farta', 'Ao chegar a 10 colheitas', 50, 12),
  conquista('fundador', 'Fundador', 'Ao chegar a 1 grupo criado', 20, 0),
];

const campo = (codigo: string, nome: string) => ({ campo: `conquistas.${codigo}`, rotulo: `Pontos da conquista ${nome}`, min: 0, max: 1000 });

const rules = (version: number, conquistas: Record<string, number>) => ({
  version,
  pontos: { criarGrupo: 20, post: 5 },
  limites: { lotesPorGrupo: 500 },
  conquistas,
  campos: [
    { campo: 'pontos.criarGrupo', rotulo: 'Pontos por criar um grupo', min: 0, max: 1000 },
    campo('primeira-semente', 'Primeira Semente'),
    campo('colheita-farta', 'Colheita Farta'),
    campo('fundador', 'Fundador'),
  ],
});

const bonuses = { 'primeira-semente': 10, 'colheita-farta': 50, fundador: 20 };

describe('/admin/conquistas', () => {
  it('lists each conquista with its rule, members and points, and saves new points over the version loaded', async () => {
    const sent: unknown[] = [];
    let current = rules(3, bonuses);
    let list = items;
    stubApi({
      'GET /api/admin/conquistas': () => json({ items: list }),
      'GET /api/admin/rules': () => json(current),
      'PUT /api/admin/rules': (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        current = rules(current.version + 1, body.conquistas);
        list = items.map((c) => ({ ...c, bonus: body.conquistas[c.codigo] }));
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/conquistas', fakeAuth({ user: adminUser, isAdmin: true }));
    const ul = await screen.findByRole('list', { name: 'Conquistas' });
    const row = (nome: string) => within(ul).getByRole('listitem', { name: nome });
    expect(within(row('Primeira Semente')).getByText('1 membro')).toBeInTheDocument();
    expect(within(row('Colheita Farta')).getByText('12 membros')).toBeInTheDocument();
    expect(within(row('Colheita Farta')).getByText('Ao chegar a 10 colheitas')).toBeInTheDocument();
    expect(within(row('Colheita Farta')).getByText('Descrição de Colheita Farta.')).toBeInTheDocument();
    expect(within(row('Fundador')).getByText('0 membros')).toBeInTheDocument();
    const farta = screen.getByRole('spinbutton', { name: 'Pontos de bônus: Colheita Farta' });
    expect(farta).toHaveValue(50);

    await user.clear(farta);
    await user.type(farta, '75');
    await user.click(screen.getByRole('button', { name: 'Salvar pontos' }));
    expect(await screen.findByText(/Pontos salvos \(regras na versão 4\)/, { selector: 'p.flash' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Pontos salvos/);
    // The rules as loaded, the new points, over the version loaded.
    expect(sent).toEqual([
      { version: 3, pontos: { criarGrupo: 20, post: 5 }, limites: { lotesPorGrupo: 500 }, conquistas: { 'primeira-semente': 10, 'colheita-farta': 75, fundador: 20 } },
    ]);
    expect(await screen.findByRole('spinbutton', { name: 'Pontos de bônus: Colheita Farta' })).toHaveValue(75);
  });

  it('says which points are out of range under their field, from the form and from the server', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/admin/conquistas': () => json({ items }),
      'GET /api/admin/rules': () => json(rules(2, bonuses)),
      'PUT /api/admin/rules': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json(
          { error: { code: 'validation', message: 'Pontos da conquista Fundador: informe um número entre 0 e 1000', field: 'conquistas.fundador' } },
          400,
        );
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/conquistas', fakeAuth({ user: adminUser, isAdmin: true }));
    const semente = await screen.findByRole('spinbutton', { name: 'Pontos de bônus: Primeira Semente' });
    await user.clear(semente);
    await user.type(semente, '1001');
    await user.click(screen.getByRole('button', { name: 'Salvar pontos' }));
    expect(await screen.findByText('Pontos da conquista Primeira Semente: informe um número entre 0 e 1000')).toBeInTheDocument();
    expect(semente).toHaveFocus();
    expect(semente).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    await user.clear(semente);
    await user.type(semente, '15');
    await user.click(screen.getByRole('button', { name: 'Salvar pontos' }));
    const fundador = screen.getByRole('spinbutton', { name: 'Pontos de bônus: Fundador' });
    expect(await screen.findByText('Pontos da conquista Fundador: informe um número entre 0 e 1000')).toBeInTheDocument();
    expect(fundador).toHaveAttribute('aria-invalid', 'true');
    expect(fundador).toHaveFocus();
    expect(sent).toHaveLength(1);
  });

  it('tells of a save made by someone else since and offers to reload', async () => {
    stubApi({
      'GET /api/admin/conquistas': () => json({ items }),
      'GET /api/admin/rules': () => json(rules(2, bonuses)),
      'PUT /api/admin/rules': () =>
        json({ error: { code: 'conflict', message: 'As regras foram alteradas por outra pessoa. Recarregue a página e tente novamente' } }, 409),
    });
    const user = userEvent.setup();
    renderApp('/admin/conquistas', fakeAuth({ user: adminUser, isAdmin: true }));
    await screen.findByRole('list', { name: 'Conquistas' });
    await user.click(screen.getByRole('button', { name: 'Salvar pontos' }));
    expect(await screen.findByText(/alteradas por outra pessoa/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar conquistas' })).toBeInTheDocument();
  });

  it('has an empty state and an error state with a retry', async () => {
    stubApi({ 'GET /api/admin/conquistas': () => json({ items: [] }), 'GET /api/admin/rules': () => json(rules(1, {})) });
    const view = renderApp('/admin/conquistas', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Nenhuma conquista no catálogo' })).toBeInTheDocument();
    view.unmount();

    let fail = true;
    stubApi({
      'GET /api/admin/conquistas': () => (fail ? json({ error: { code: 'internal', message: 'Erro interno' } }, 500) : json({ items })),
      'GET /api/admin/rules': () => json(rules(2, bonuses)),
    });
    const user = userEvent.setup();
    renderApp('/admin/conquistas', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar as conquistas' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByRole('list', { name: 'Conquistas' })).toBeInTheDocument();
  });
});
