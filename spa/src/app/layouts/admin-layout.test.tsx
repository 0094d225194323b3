import { screen } from '@testing-library/react';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const semMfa = 'Para usar o painel de administração, ative a verificação em duas etapas (aplicativo autenticador) em Configurações';

describe('the admin area without two-step verification', () => {
  it('shows the server’s message with a link to /configuracoes in place of the page', async () => {
    stubApi({
      'GET /api/admin/banners': () => json({ error: { code: 'forbidden', field: 'mfa', message: semMfa } }, 403),
    });
    renderApp('/admin/banners', fakeAuth({ user: adminUser }));
    const alert = await screen.findByRole('alert', { name: 'Verificação em duas etapas necessária' });
    expect(alert).toHaveTextContent(semMfa);
    expect(screen.getByRole('link', { name: 'Ativar em Configurações' })).toHaveAttribute('href', '/configuracoes');
    expect(screen.getByRole('navigation', { name: 'Seções do painel admin' })).toBeInTheDocument();
  });

  it('leaves any other refusal to the page', async () => {
    stubApi({
      'GET /api/admin/banners': () => json({ error: { code: 'forbidden', message: 'Acesso restrito a administradores' } }, 403),
    });
    renderApp('/admin/banners', fakeAuth({ user: adminUser }));
    await screen.findByText('Acesso restrito a administradores');
    expect(screen.queryByText('Verificação em duas etapas necessária')).not.toBeInTheDocument();
  });
});
