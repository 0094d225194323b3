import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import { vegetalFixture } from '@/testing/vegetal-fixtures';
import type { Hortalica, HortalicaResumo } from '@/types/api';

beforeAll(async () => {
  await Promise.all([import('@/app/layouts/catalog-layout'), import('@/app/routes/catalog/hortalicas'), import('@/app/routes/catalog/hortalica')]);
});

const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const resumo = (over: Partial<HortalicaResumo>): HortalicaResumo => ({
  id: 'x',
  nome: 'X',
  estacao: '',
  nomeCientifico: '',
  nomesPopulares: [],
  familia: '',
  metodo: '',
  diasColheitaMin: 50,
  diasColheitaMax: 60,
  semeadura: { sul: [], sudeste: [], nordeste: [], centroOeste: [], norte: [] },
  ...over,
});
const catalogo = [
  resumo({ id: 'coentro', nome: 'Coentro', nomeCientifico: 'Coriandrum sativum L.', semeadura: { sul: [1, 9, 10, 11, 12], sudeste: [], nordeste: all, centroOeste: [], norte: [4] } }),
  resumo({ id: 'alface-verao', nome: 'Alface (verão)', semeadura: { sul: all, sudeste: all, nordeste: [3, 4], centroOeste: all, norte: all } }),
  resumo({ id: 'coentro-de-caboclo', nome: 'Coentro-de-caboclo', nomesPopulares: ['chicória-do-pará', 'coentrão'], semeadura: null, diasColheitaMin: 0, diasColheitaMax: 0 }),
];
const cite = (local: string) => ({ titulo: 'Catálogo Brasileiro de Hortaliças', editora: 'Embrapa Hortaliças / Sebrae', ano: '2010', local, institucional: true });
const coentro = vegetalFixture({
  id: 'coentro',
  nome: 'Coentro',
  diasColheitaMax: 60,
  semeadura: { sul: [1, 9, 10, 11, 12], sudeste: [1, 2, 8, 9, 10, 11, 12], nordeste: all, centroOeste: [], norte: [4, 5] },
  espacamento: 'desbaste a 8–10 cm entre plantas',
  espacamentoFonte: 'institucional',
  nomeCientifico: 'Coriandrum sativum L.',
  familia: 'Apiáceas (Apiaceae)',
  metodo: 'semente',
  cuidados: 'Clima quente: não tolera baixas temperaturas.',
  fontes: {
    nomeCientifico: cite('ficha 21 (Coentro)'),
    metodo: cite('ficha 21 (Coentro)'),
    espacamento: cite('ficha 21 (Coentro)'),
    cuidados: cite('ficha 21 (Coentro)'),
    familia: { titulo: 'Guia PAM', editora: 'ESA Portalegre', ano: 's.d.', local: 'p. 4', institucional: true },
  },
  fonte: 'Embrapa Hortaliças / Sebrae, Catálogo Brasileiro de Hortaliças (2010)',
});

describe('/hortalicas, signed out', () => {
  it('filters by region and month and finds a plant by a regional name', async () => {
    stubApi({ 'GET /api/hortalicas': () => json({ items: catalogo }) });
    renderApp('/hortalicas', fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hortaliças' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    await screen.findByRole('link', { name: 'Coentro' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Região'), 'nordeste');
    await user.selectOptions(screen.getByLabelText('Mês de plantio'), '12');
    expect(screen.getByRole('heading', { level: 2, name: /O que plantar em dezembro no Nordeste\s*· 1 planta/ })).toBeInTheDocument();
    const results = screen.getByRole('list');
    expect(within(results).getByRole('link', { name: 'Coentro' })).toHaveAttribute('href', '/hortalicas/coentro?regiao=nordeste');
    expect(within(results).getByText('Plantio no Nordeste: o ano todo')).toBeInTheDocument();
    expect(within(results).queryByRole('link', { name: 'Alface (verão)' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Região'), '');
    await user.selectOptions(screen.getByLabelText('Mês de plantio'), '');
    await user.click(screen.getByLabelText('Buscar'));
    await user.paste('chicória-do-pará');
    expect(await screen.findByRole('link', { name: 'Coentro-de-caboclo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Coentro' })).not.toBeInTheDocument();
  }, 20_000);

  it("a plant's page shows its calendar, its care and the source of each line", async () => {
    const page: Hortalica = { vegetal: coentro, guias: [] };
    stubApi({ 'GET /api/hortalicas/coentro': () => json(page) });
    renderApp('/hortalicas/coentro?regiao=nordeste', fakeAuth({ user: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Coentro' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Nordeste: o ano todo/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Sul: setembro a janeiro/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Centro-Oeste: não recomendado/ })).toBeInTheDocument();
    expect(screen.getByText('Colheita de 50 a 60 dias após o plantio.')).toBeInTheDocument();
    const care = screen.getByRole('region', { name: 'Como cultivar' });
    const fact = (label: string) => within(care).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Plantio')).toBe('por semente [1]');
    expect(fact('Família')).toBe('Apiáceas (Apiaceae) [2]');
    const sources = within(care).getAllByRole('listitem');
    expect(sources[0]).toHaveTextContent('Catálogo Brasileiro de Hortaliças. Embrapa Hortaliças / Sebrae, 2010. ficha 21 (Coentro).');
    expect(sources[1]).toHaveTextContent('Guia PAM. ESA Portalegre, sem data. p. 4.');
    expect(screen.getByRole('link', { name: 'Criar conta e cultivar' })).toHaveAttribute('href', '/registro');
  });

  it('an unknown plant says so and leads back to the list', async () => {
    stubApi({ 'GET /api/hortalicas/nada': () => json({ error: { code: 'not_found', message: 'Vegetal não encontrado' } }, 404) });
    renderApp('/hortalicas/nada', fakeAuth({ user: null }));
    expect(await screen.findByText('Vegetal não encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas as hortaliças' })).toHaveAttribute('href', '/hortalicas');
  });
});

describe('/hortalicas, signed in', () => {
  it('is inside the shell, in the menu, and offers to start a cultivo', async () => {
    stubApi({ 'GET /api/hortalicas/coentro': () => json({ vegetal: coentro, guias: [] }) });
    renderApp('/hortalicas/coentro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coentro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hortaliças' })).toHaveAttribute('href', '/hortalicas');
    expect(screen.getByRole('link', { name: 'Começar um cultivo' })).toHaveAttribute('href', '/cultivos?novo=coentro');
  });
});
