import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';

const banner = (id: string, titulo: string, inicio: string, fim: string) => ({
  id,
  titulo,
  texto: 'Texto',
  imagem: null,
  link: '',
  inicio,
  fim,
  audiencia: 'todos',
  ordem: 0,
  version: 1,
});

describe('/admin/banners', () => {
  // 22:30 in Brasília on 23 November is already 24 November in UTC (a browser on UTC, as CI's).
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T01:30:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('counts days in Brasília, as the server does: the status and the new banner’s period', async () => {
    stubApi({
      'GET /api/admin/banners': () =>
        json({
          items: [banner('b1', 'Hoje', '2026-11-23', '2026-11-23'), banner('b2', 'Amanhã', '2026-11-24', '2026-11-30'), banner('b3', 'Ontem', '2026-11-01', '2026-11-22')],
          nextCursor: null,
        }),
    });
    const user = userEvent.setup();
    renderApp('/admin/banners', fakeAuth({ user: adminUser, isAdmin: true }));
    const list = await screen.findByRole('list', { name: 'Banners' });
    const status = (titulo: string) => within(within(list).getByRole('heading', { name: new RegExp(`^${titulo}`) })).getByText(/No ar|Agendado|Encerrado/).textContent;
    expect(status('Hoje')).toBe('No ar');
    expect(status('Amanhã')).toBe('Agendado');
    expect(status('Ontem')).toBe('Encerrado');

    await user.click(screen.getByRole('button', { name: 'Novo banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo banner' });
    expect(within(dialog).getByLabelText('Início')).toHaveValue('2026-11-23');
    expect(within(dialog).getByLabelText('Fim')).toHaveValue('2026-11-23');
  });

  it('writes each period with the dates as entered, in any time zone (a date is not an instant)', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo'; // a browser in Brasília: midnight UTC is the evening before
    try {
      stubApi({ 'GET /api/admin/banners': () => json({ items: [banner('b1', 'Feira', '2026-11-25', '2026-12-10')], nextCursor: null }) });
      renderApp('/admin/banners', fakeAuth({ user: adminUser, isAdmin: true }));
      const list = await screen.findByRole('list', { name: 'Banners' });
      expect(list).toHaveTextContent('25 de nov. de 2026 a 10 de dez. de 2026');
    } finally {
      process.env.TZ = tz;
    }
  });
});
