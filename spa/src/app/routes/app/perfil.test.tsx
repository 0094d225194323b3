import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi, testProfile } from '@/testing/test-utils';

describe('profile screen', () => {
  it('shows the real profile', async () => {
    stubApi();
    renderApp('/perfil', fakeAuth({ userData: { ...testProfile, nivel: 2, pontosTotais: 150, bio: 'Gosto de tomates.' } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Clara Souza' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('maria@exemplo.com')).toBeInTheDocument();
    expect(screen.getByText('Gosto de tomates.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nível 2 · Broto' })).toBeInTheDocument();
    expect(screen.getByText('150 pontos')).toBeInTheDocument();
    expect(screen.getByText('Faltam 150 pontos para o nível 3')).toBeInTheDocument();
  });

  it('shows the server’s field error under the field', async () => {
    const fetchMock = stubApi({
      'PUT /api/me': () => json({ error: { code: 'validation', message: 'O nome é obrigatório', field: 'nome' } }, 400),
    });
    const user = userEvent.setup();
    renderApp('/perfil');
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.clear(screen.getByLabelText('Nome'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nome')).toHaveAccessibleDescription('O nome é obrigatório');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ nome: '', bio: '', uf: '', cidade: '' });
  });

  it('saves nome and bio', async () => {
    stubApi({ 'PUT /api/me': (init) => json({ ...testProfile, ...JSON.parse(String(init?.body)) }) });
    const user = userEvent.setup();
    renderApp('/perfil');
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }));
    await user.type(screen.getByLabelText('Bio'), 'Horta no quintal');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
  });
});
