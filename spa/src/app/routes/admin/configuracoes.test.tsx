import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const rules = {
  version: 5,
  pontos: { criarGrupo: 20 },
  limites: { lotesPorGrupo: 500 },
  conquistas: { fundador: 20 },
  campos: [
    { campo: 'pontos.criarGrupo', rotulo: 'Pontos por criar um grupo', min: 0, max: 1000 },
    { campo: 'limites.lotesPorGrupo', rotulo: 'Lotes por grupo', min: 1, max: 500 },
    { campo: 'conquistas.fundador', rotulo: 'Pontos da conquista Fundador', min: 0, max: 1000 },
  ],
};

describe('/admin/configuracoes', () => {
  it('shows the conquistas’ bonuses as a section of the rules and saves them with the rest', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/admin/rules': () => json(rules),
      'PUT /api/admin/rules': (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return json({ ...rules, ...body, version: 6 });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/configuracoes', fakeAuth({ user: adminUser, isAdmin: true }));
    const section = await screen.findByRole('group', { name: 'Bônus das conquistas' });
    const fundador = within(section).getByLabelText('Pontos da conquista Fundador');
    await user.clear(fundador);
    await user.type(fundador, '1001');
    await user.click(screen.getByRole('button', { name: 'Salvar regras' }));
    expect(await screen.findByText('Pontos da conquista Fundador: informe um número entre 0 e 1000')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(fundador);
    await user.type(fundador, '35');
    await user.click(screen.getByRole('button', { name: 'Salvar regras' }));
    expect(await screen.findByText(/Regras salvas \(versão 6\)/, { selector: 'p.flash' })).toBeInTheDocument();
    expect(sent).toEqual([{ version: 5, pontos: { criarGrupo: 20 }, limites: { lotesPorGrupo: 500 }, conquistas: { fundador: 35 } }]);
  });
});
