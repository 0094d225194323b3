import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import { vegetalFixture } from '@/testing/vegetal-fixtures';
import type { VegetalAdmin } from '@/types/api';

const abobrinha: VegetalAdmin = {
  ...vegetalFixture({
    id: 'abobrinha-x',
    nome: 'Abobrinha X',
    estacao: 'verao',
    diasColheitaMin: 45,
    diasColheitaMax: 60,
    semeadura: { sul: [], sudeste: [9, 10], nordeste: [], centroOeste: [], norte: [] },
    espacamento: '1 m',
    metodo: 'semente',
  }),
  version: 1,
};

describe('/admin/vegetais', () => {
  it('archiving right after an edit sends the version the edit produced, even before the list is read again', async () => {
    const archived: unknown[] = [];
    let listReads = 0;
    stubApi({
      'GET /api/admin/vegetables': () => {
        listReads++;
        // The refetch after the edit never answers: only the edit's reply can carry the new version.
        return listReads === 1 ? json({ items: [abobrinha], nextCursor: null }) : new Promise<Response>(() => {});
      },
      'PUT /api/admin/vegetables/abobrinha-x': (init) => {
        const body = JSON.parse(String(init?.body)) as { version: number; cuidados: string };
        expect(body.version).toBe(1);
        return json({ ...abobrinha, cuidados: body.cuidados, version: 2 });
      },
      'POST /api/admin/vegetables/abobrinha-x/arquivo': (init) => {
        const body = JSON.parse(String(init?.body)) as { version: number };
        archived.push(body);
        if (body.version !== 2) return json({ error: { code: 'conflict', message: 'Este vegetal foi alterado por outra pessoa. Recarregue.' } }, 409);
        return json({ ...abobrinha, arquivado: true, version: 3 });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/vegetais', fakeAuth({ user: adminUser, isAdmin: true }));
    const list = await screen.findByRole('list', { name: 'Vegetais do catálogo' });

    await user.click(within(list).getByRole('button', { name: 'Editar Abobrinha X' }));
    const edit = screen.getByRole('dialog', { name: 'Editar Abobrinha X' });
    await user.type(within(edit).getByLabelText('Cuidados'), 'Colher novas.');
    await user.click(within(edit).getByRole('button', { name: 'Salvar alterações' }));
    await screen.findByText('Abobrinha X foi salvo.', { selector: '.flash' });
    expect(screen.queryByRole('dialog', { name: 'Editar Abobrinha X' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Arquivar Abobrinha X' }));
    const confirm = screen.getByRole('dialog', { name: 'Arquivar vegetal' });
    await user.click(within(confirm).getByRole('button', { name: 'Arquivar' }));
    await screen.findByText('Abobrinha X foi arquivado.', { selector: '.flash' });
    expect(screen.queryByRole('dialog', { name: 'Arquivar vegetal' })).not.toBeInTheDocument();
    expect(archived).toEqual([{ arquivado: true, version: 2 }]);
    expect(within(list).getByText('Arquivado', { exact: true })).toBeInTheDocument();
  });

  it('a row shows the popular names the search matches', async () => {
    const bertalha: VegetalAdmin = { ...abobrinha, id: 'bertalha', nome: 'Bertalha', estacao: '', nomesPopulares: ['bretalha', 'couve-de-cerca'] };
    stubApi({ 'GET /api/admin/vegetables': () => json({ items: [bertalha], nextCursor: null }) });
    renderApp('/admin/vegetais', fakeAuth({ user: adminUser, isAdmin: true }));
    const list = await screen.findByRole('list', { name: 'Vegetais do catálogo' });
    expect(within(list).getByText('Também: bretalha, couve-de-cerca')).toBeInTheDocument();
  });
});
