import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminUser, fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import { EntityCounts } from '@/features/admin-stats/components/entity-counts';
import { hojeBrasilia } from '@/features/admin-stats/components/analytics-view';

// uPlot draws on a canvas jsdom does not have: the test records what it was given.
const plots: { label: string; data: number[][]; padding?: number[] }[] = [];
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (d: Date) => d;
    constructor(opts: { series: { label?: string }[]; padding?: number[] }, data: number[][]) {
      plots.push({ label: opts.series[1]?.label ?? '', data, padding: opts.padding });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const ind = (valor: number, anterior: number) => ({ valor, anterior });
const kpis = {
  hoje: '2026-11-23',
  dadosDesde: '2026-11-20',
  membros: ind(120, 100),
  ativosHoje: ind(7, 7),
  ativos30Dias: ind(40, 50),
  grupos: ind(5, 5),
  cultivosAtivos: ind(12, 10),
  colheitaKgMes: ind(3.5, 0),
  postsSemana: ind(9, 3),
  denunciasAbertas: ind(1, 0),
};

const ponto = (inicio: string, n: number) => ({
  inicio,
  fim: inicio,
  novosMembros: n,
  membrosAtivos: n + 1,
  membrosAtivosMedia: n + 1,
  cultivosCriados: n,
  colheitas: n,
  colheitaKg: n * 1.5,
  posts: n,
  comentarios: n * 2,
});

describe('admin statistics', () => {
  beforeEach(() => {
    plots.length = 0;
  });

  it('/admin shows each KPI with its change against the previous period', async () => {
    stubApi({
      'GET /api/admin/kpis': () => json(kpis),
      'GET /api/admin/audit': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/admin', fakeAuth({ user: adminUser, isAdmin: true }));
    const card = (await screen.findByRole('heading', { name: 'Membros' })).closest('li') as HTMLElement;
    await within(card).findByText('120');
    expect(within(card).getByText(/\+20%/)).toBeInTheDocument();
    const ativos = screen.getByRole('heading', { name: 'Ativos em 30 dias' }).closest('li') as HTMLElement;
    expect(within(ativos).getByText(/−20%/)).toBeInTheDocument();
    const kg = screen.getByRole('heading', { name: 'Colheita no mês' }).closest('li') as HTMLElement;
    expect(within(kg).getByText('3,5 kg')).toBeInTheDocument();
    expect(screen.getByText('Dados desde 20/11/2026.')).toBeInTheDocument();
    // More members is good news (green); more open reports is not (the danger colour).
    expect(card.querySelector('.kpi-change')).toHaveAttribute('data-tom', 'bom');
    const denuncias = screen.getByRole('heading', { name: 'Denúncias abertas' }).closest('li') as HTMLElement;
    expect(denuncias.querySelector('.kpi-change')).toHaveAttribute('data-tom', 'ruim');
    expect(ativos.querySelector('.kpi-change')).toHaveAttribute('data-tom', 'ruim');
  });

  it('/admin: a KPI read that fails says so in each card and retries', async () => {
    let fail = true;
    stubApi({
      'GET /api/admin/kpis': () => (fail ? json({ error: { code: 'UNAVAILABLE', message: 'Serviço indisponível' } }, 503) : json(kpis)),
      'GET /api/admin/audit': () => json({ items: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/admin', fakeAuth({ user: adminUser, isAdmin: true }));
    const card = (await screen.findByRole('heading', { name: 'Grupos' })).closest('li') as HTMLElement;
    const retry = await within(card).findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getAllByRole('button', { name: 'Tentar novamente' })).toHaveLength(8);
    fail = false;
    await user.click(retry);
    expect(await within(card).findByText('5')).toBeInTheDocument();
  });

  it('/admin/analytics draws each metric, filters by period, granularity and UF, and has a table', async () => {
    const hoje = hojeBrasilia();
    let gran = 'dia';
    const fetchMock = stubApi({
      'GET /api/admin/analytics': () => json({ de: hoje, ate: hoje, granularidade: gran, uf: '', dadosDesde: hoje, pontos: [ponto(hoje, 2)] }),
    });
    const asked = () =>
      fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/admin/analytics'));
    const user = userEvent.setup();
    renderApp('/admin/analytics', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Comentários' })).toBeInTheDocument();
    // The charts come in their own chunk, after the headings.
    await waitFor(() => expect(plots.map((p) => p.label)).toEqual(['Novos membros', 'Membros ativos', 'Cultivos criados', 'Colheitas (kg)', 'Posts', 'Comentários']));
    // Each chart leaves room at the right for the last date's label.
    for (const p of plots) expect(p.padding?.[1] ?? 0).toBeGreaterThanOrEqual(24);
    expect(asked()[0]).toContain(`ate=${hoje}`);
    expect(asked()[0]).toContain('granularidade=dia');
    await user.click(screen.getByRole('button', { name: 'Ver tabela' }));
    const table = screen.getByRole('table', { name: 'Atividade por dia' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '3', '2', '3', '2', '4']);
    await user.selectOptions(screen.getByLabelText('Período'), '90');
    gran = 'semana';
    await user.selectOptions(screen.getByLabelText('Agrupar por'), 'semana');
    await user.selectOptions(screen.getByLabelText('Região (UF)'), 'SP');
    await screen.findByRole('table', { name: 'Atividade por semana' });
    const urls = asked();
    const last = new URL(urls[urls.length - 1] ?? '', 'http://x').searchParams;
    expect(last.get('granularidade')).toBe('semana');
    expect(last.get('uf')).toBe('SP');
    expect(last.get('de')).not.toEqual(new URL(urls[0] ?? '', 'http://x').searchParams.get('de'));
  });

  it('/admin/analytics has empty and error states', async () => {
    let fail = false;
    stubApi({
      'GET /api/admin/analytics': () =>
        fail ? json({ error: { code: 'INTERNAL', message: 'Erro interno' } }, 500) : json({ de: '2026-10-25', ate: '2026-11-23', granularidade: 'dia', uf: '', dadosDesde: null, pontos: [{ ...ponto('2026-11-23', 0), membrosAtivos: 0, membrosAtivosMedia: 0 }] }),
    });
    const user = userEvent.setup();
    renderApp('/admin/analytics', fakeAuth({ user: adminUser, isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'Sem atividade no período' })).toBeInTheDocument();
    expect(screen.getByText(/Ainda não há dados/)).toBeInTheDocument();
    fail = true;
    await user.selectOptions(screen.getByLabelText('Região (UF)'), 'sem');
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar os gráficos' })).toBeInTheDocument();
  });

  it('EntityCounts shows each count and since when', async () => {
    stubApi({
      'GET /api/admin/totais': () =>
        json({ dadosDesde: '2026-11-20', membros: 1200, grupos: 3, lotes: 40, cultivos: 9, cultivosAtivos: 4, colheitas: 2, colheitaKg: 1.25, posts: 8, comentarios: 11, denunciasAbertas: 0 }),
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <EntityCounts />
      </QueryClientProvider>,
    );
    const membros = (await screen.findByText('Membros')).closest('div') as HTMLElement;
    expect(within(membros).getByText('1.200')).toBeInTheDocument();
    expect(screen.getByText('1,3 kg')).toBeInTheDocument();
    expect(screen.getByText(/desde 20\/11\/2026/)).toBeInTheDocument();
  });
});
