import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import type { Guia } from '@/types/api';

const guia: Guia = {
  id: 'g1',
  titulo: 'Abobrinha no verão',
  corpo: 'Regue todo dia.',
  vegetais: ['abobrinha-x'],
  arquivado: true,
  version: 4,
  criadoEm: '2026-01-10T12:00:00Z',
  atualizadoEm: '2026-01-10T12:00:00Z',
};

describe('/admin/guias', () => {
  it('restoring an archived guide asks first, sends its version and says so', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/admin/guias': () => json({ items: [guia], nextCursor: null }),
      'GET /api/admin/vegetables': () => json({ items: [{ id: 'abobrinha-x', nome: 'Abobrinha X' }], nextCursor: null }),
      'POST /api/admin/guias/g1/arquivo': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return json({ ...guia, arquivado: false, version: 5 });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/guias', fakeAuth({ user: adminUser, isAdmin: true }));
    const list = await screen.findByRole('list', { name: 'Guias' });
    expect(within(list).getByText('Arquivado', { exact: true })).toBeInTheDocument();
    expect(await within(list).findByText(/^1 vegetal: Abobrinha X · atualizado em/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Restaurar Abobrinha no verão' }));
    const confirm = screen.getByRole('dialog', { name: 'Restaurar guia' });
    expect(within(confirm).getByText('"Abobrinha no verão" voltará a aparecer nos cultivos dos seus vegetais.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Restaurar' }));
    await screen.findByText('O guia "Abobrinha no verão" foi restaurado.', { selector: '.flash' });
    expect(sent).toEqual([{ arquivado: false, version: 4 }]);
    expect(screen.queryByRole('dialog', { name: 'Restaurar guia' })).not.toBeInTheDocument();
  });

  it('with no guides, says how to write the first one', async () => {
    stubApi({
      'GET /api/admin/guias': () => json({ items: [], nextCursor: null }),
      'GET /api/admin/vegetables': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/admin/guias', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByText('Nenhum guia ainda')).toBeInTheDocument();
    expect(screen.getByText('Escreva o primeiro guia com "Novo guia": ele aparece em cada cultivo dos vegetais escolhidos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo guia' })).toBeInTheDocument();
  });
});
