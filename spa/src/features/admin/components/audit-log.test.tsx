import { screen, within } from '@testing-library/react';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

beforeAll(async () => {
  await import('@/app/routes/admin/admin-dashboard');
});

const entry = (id: string, acao: string) => ({
  id,
  adminId: 'a1',
  adminNome: 'Ada',
  acao,
  entidade: 'post',
  entidadeId: 'p1',
  em: '2026-11-24T12:00:00Z',
  antes: null,
  depois: null,
});

describe('audit log on /admin', () => {
  it('writes every action in words and offers each in the Ação filter', async () => {
    stubApi({
      'GET /api/admin/kpis': () => json({ error: { code: 'internal', message: 'x' } }, 500),
      'GET /api/admin/audit': () => json({ items: [entry('e1', 'dados.exportados'), entry('e2', 'moderacao.manter')], nextCursor: null }),
    });
    renderApp('/admin', fakeAuth({ user: adminUser, isAdmin: true }));
    const log = await screen.findByRole('region', { name: 'Últimas ações dos administradores' });
    expect(await within(log).findByText('Dados exportados', { selector: 'strong' })).toBeInTheDocument();
    expect(within(log).getByText('Denúncia: post mantido', { selector: 'strong' })).toBeInTheDocument();
    expect(log).not.toHaveTextContent('dados.exportados');
    const filter = within(log).getByLabelText('Ação');
    for (const name of ['Dados exportados', 'Denúncia: post mantido', 'Denúncia: post removido e autor avisado', 'Post removido']) {
      expect(within(filter).getByRole('option', { name })).toBeInTheDocument();
    }
  }, 20_000);
});
