import { screen, within } from '@testing-library/react';
import { fakeAuth, json, renderApp, stubApi, testProfile } from '@/testing/test-utils';
import { publicGroup } from '@/testing/group-fixtures';

// The screen's code is a lazy chunk: load it once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await import('@/app/routes/groups/group-public');
});

describe('public group page', () => {
  it('shows the summary and counts, with a call to join, and never an e-mail or a person', async () => {
    stubApi({
      'GET /api/groups/g1/public': () =>
        json(publicGroup({ memberCount: 7, lotes: { livre: 9, ocupado: 3, manutencao: 0, total: 12 }, novosMembrosMes: 2 })),
    });
    const { container } = renderApp('/grupos/g1/publico', fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Horta da Vila' })).toBeInTheDocument();
    expect(screen.getByText('Uma horta no terreno da associação.')).toBeInTheDocument();
    expect(screen.getByText('Campinas/SP')).toBeInTheDocument();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Membros')).toBe('7 de 50');
    expect(fact('Lotes livres')).toBe('9');
    expect(fact('Lotes ocupados')).toBe('3');
    expect(fact('Novos membros este mês')).toBe('2');
    expect(screen.getByRole('link', { name: 'Criar conta e participar' })).toHaveAttribute('href', '/registro');
    expect(screen.getByRole('link', { name: 'Já tenho conta' })).toHaveAttribute('href', '/login');
    expect(container.textContent).not.toMatch(/@/);
  });

  it('is shared on WhatsApp, in Portuguese, with its own address', async () => {
    stubApi({ 'GET /api/groups/g1/public': () => json(publicGroup()) });
    renderApp('/grupos/g1/publico', fakeAuth({ user: null }));
    const section = await screen.findByRole('region', { name: 'Compartilhe este grupo' });
    const whatsapp = within(section).getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      `Conheça o grupo "Horta da Vila", uma horta comunitária em Campinas/SP, no Verde: ${window.location.origin}/grupos/g1/publico`,
    );
    expect(within(section).getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
  });

  it('shows the group\'s cover photo', async () => {
    const key = 'fotos/u1/capa/0b6c2f3e-1d2a-4c5b-9e8f-7a6b5c4d3e2f/1280x480.webp';
    stubApi({ 'GET /api/groups/g1/public': () => json(publicGroup({ fotoCapa: key })) });
    renderApp('/grupos/g1/publico', fakeAuth({ user: null }));
    // Once, with its smaller variants for a phone.
    const cover = await screen.findByRole('img', { name: 'Foto de capa do grupo Horta da Vila' });
    expect(cover.getAttribute('srcset')).toContain('fotos/u1/capa/0b6c2f3e-1d2a-4c5b-9e8f-7a6b5c4d3e2f/320x120.webp 320w');
    expect(cover.getAttribute('src')).toContain('/media/fotos/u1/capa/');
  });

  it('a signed-in visitor goes to the group to join', async () => {
    stubApi({ 'GET /api/groups/g1/public': () => json(publicGroup({ entrada: 'aprovacao' })) });
    renderApp('/grupos/g1/publico');
    expect(await screen.findByRole('link', { name: 'Pedir para participar' })).toHaveAttribute('href', '/grupos/g1');
    expect(document.body.querySelector('main')!.textContent).not.toMatch(/@/);
  });

  it('a member is sent to the group itself', async () => {
    stubApi({ 'GET /api/groups/g1/public': () => json(publicGroup()) });
    renderApp('/grupos/g1/publico', fakeAuth({ userData: { ...testProfile, gruposParticipantes: ['g1'] } }));
    expect(await screen.findByText('Você já participa deste grupo.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir grupo' })).toHaveAttribute('href', '/grupos/g1');
  });

  it('a group that takes invites only says so', async () => {
    stubApi({ 'GET /api/groups/g1/public': () => json(publicGroup({ entrada: 'convite' })) });
    renderApp('/grupos/g1/publico', fakeAuth({ user: null }));
    expect(await screen.findByText(/aceita novos membros apenas por convite/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar conta e participar' })).not.toBeInTheDocument();
  });

  it('a private or unknown group gets a clear not-found page', async () => {
    stubApi({ 'GET /api/groups/privado/public': () => json({ error: { code: 'not_found', message: 'Grupo não encontrado' } }, 404) });
    renderApp('/grupos/privado/publico', fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Grupo não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Página do grupo' })).toBeInTheDocument();
  });
});
