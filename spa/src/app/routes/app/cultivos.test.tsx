import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cultivo } from '@/testing/cultivo-fixtures';
import { fakeAuth, json, loseSignal, renderApp, stubApi, testProfile } from '@/testing/test-utils';
import { vegetalFixture } from '@/testing/vegetal-fixtures';
import type { Vegetal } from '@/types/api';
import { queueSnapshot, setQueueUser } from '@/lib/offline/queue';
import { clearAllStores } from '@/testing/idb-keyval-memory';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));

const vegetal = (id: string, nome: string, sudeste: number[]): Vegetal =>
  vegetalFixture({ id, nome, semeadura: { sul: [], sudeste, nordeste: [], centroOeste: [], norte: [] }, fonte: 'Embrapa' });


// The screens' code is lazy chunks: load them once up front, so each test times the screen, not the import.
beforeAll(async () => {
  await Promise.all([import('@/app/layouts/main-layout'), import('@/app/routes/app/cultivos'), import('@/app/routes/app/cultivo')]);
});

const myGroups = () => json({ items: [], nextCursor: null });

describe('cultivos screen', () => {
  it('lists my cultivos with phase and countdown, and filters by phase', async () => {
    const fetchMock = stubApi({
      'GET /api/me/groups': myGroups,
      'GET /api/cultivos': () =>
        json({ items: [cultivo(), cultivo({ id: 'c2', vegetalNome: 'Tomate', fase: 'florescendo', janela: { inicio: '2026-01-01', fim: '2026-02-01', diasParaColheita: 0, aberta: false, atrasado: true } })], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/cultivos');
    const alface = await screen.findByRole('article', { name: 'Alface (verão)' });
    expect(within(alface).getByText('Crescendo')).toBeInTheDocument();
    expect(within(alface).getByText('Colheita em 12 dias')).toBeInTheDocument();
    expect(within(alface).getByRole('link', { name: 'Alface (verão)' })).toHaveAttribute('href', '/grupos/g1/cultivos/c1');
    expect(within(screen.getByRole('article', { name: 'Tomate' })).getByText('Atrasado: a janela de colheita passou')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Fase'), 'pronto');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('fase=pronto'))).toBe(true));
  }, 20_000);

  it('suggests what is in season and warns, without blocking, about a month that is not', async () => {
    const fetchMock = stubApi({
      'GET /api/me/groups': myGroups,
      'GET /api/cultivos': () => json({ items: [], nextCursor: null }),
      'GET /api/vegetables': () => json({ items: [vegetal('alface-verao', 'Alface (verão)', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), vegetal('alho', 'Alho', [3, 4])], nextCursor: null }),
      'GET /api/vegetables/plante-agora': () =>
        json({ uf: 'SP', regiao: 'sudeste', regiaoNome: 'Sudeste', mes: 11, items: [vegetal('alface-verao', 'Alface (verão)', [11])] }),
      'POST /api/cultivos': () => json({ error: { code: 'validation', message: 'A quantidade deve ser no máximo 100000', field: 'quantidade' } }, 400),
    });
    const user = userEvent.setup();
    renderApp('/cultivos?novo=', fakeAuth({ userData: { ...testProfile, uf: 'SP', cidade: 'Campinas' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cultivo' });
    await user.click(await within(dialog).findByRole('button', { name: 'Alface (verão)' }));
    expect(within(dialog).getByRole('button', { name: 'Alface (verão)' })).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(within(dialog).getByLabelText('Vegetal'), 'alho');
    await user.clear(within(dialog).getByLabelText('Data de plantio'));
    await user.type(within(dialog).getByLabelText('Data de plantio'), '2026-11-10');
    expect(within(dialog).getByText(/Época não recomendável: o calendário da Embrapa não indica semear Alho em novembro na região Sudeste/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Quantidade'), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Criar cultivo' }));
    expect(await within(dialog).findByText('A quantidade deve ser no máximo 100000')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Quantidade')).toHaveAttribute('aria-invalid', 'true');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ vegetalId: 'alho', dataPlantio: '2026-11-10', quantidade: 999999 });
  }, 20_000);

  it('shows the not-found page for a cultivo the API hides', async () => {
    stubApi();
    renderApp('/cultivos/nao-existe');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cultivo não encontrado' })).toBeInTheDocument();
  });

  it('offers every suggestion of the month and the whole catalogue; a seedling already planted starts crescendo', async () => {
    const month = Array.from({ length: 14 }, (_, i) => vegetal(`v${i}`, `Hortaliça ${i}`, [11]));
    const manjericao = { ...vegetal('manjericao', 'Manjericão', []), semeadura: null, diasColheitaMin: 0, diasColheitaMax: 0 };
    const fetchMock = stubApi({
      'GET /api/me/groups': myGroups,
      'GET /api/cultivos': () => json({ items: [], nextCursor: null }),
      'GET /api/vegetables': () => json({ items: [...month, manjericao], nextCursor: null }),
      'GET /api/vegetables/plante-agora': () => json({ uf: 'SP', regiao: 'sudeste', regiaoNome: 'Sudeste', mes: 11, items: month }),
      'POST /api/cultivos': () => json({ error: { code: 'validation', message: 'Escolha o vegetal', field: 'vegetalId' } }, 400),
    });
    const user = userEvent.setup();
    renderApp('/cultivos?novo=', fakeAuth({ userData: { ...testProfile, uf: 'SP', cidade: 'Campinas' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cultivo' });
    await within(dialog).findByRole('button', { name: 'Hortaliça 13' });
    expect(within(dialog).getByText(/Plante agora \(novembro, Sudeste\): 14 hortaliças/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Vegetal'), 'manjericao');
    expect(within(dialog).getByRole('option', { name: 'Manjericão' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Método'), 'muda');
    expect(within(dialog).getByRole('option', { name: 'Já plantei (crescendo)' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Quantidade'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Criar cultivo' }));
    await within(dialog).findByText('Escolha o vegetal');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ vegetalId: 'manjericao', metodo: 'muda', fase: 'crescendo' });
  }, 20_000);

  it('a diary entry written with no connection waits in the cultivo\'s queue, and the page says so', async () => {
    clearAllStores();
    await setQueueUser('user-1');
    const fetchMock = stubApi({
      'GET /api/cultivos/c1': () => json(cultivo()),
      'GET /api/cultivos/c1/diario': () => json({ items: [], nextCursor: null }),
      'GET /api/cultivos/c1/colheitas': () => json({ items: [], nextCursor: null }),
    });
    const user = userEvent.setup();
    renderApp('/cultivos/c1');
    const form = await screen.findByRole('form', { name: 'Nova entrada no diário' });
    // The signal drops: the browser and react-query both say so.
    loseSignal();
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'poda');
    await user.type(within(form).getByLabelText('O que aconteceu?'), 'Tirei as folhas secas');
    await user.click(within(form).getByRole('button', { name: 'Adicionar ao diário' }));

    expect(await screen.findByText('Sem conexão: o registro ficou na fila e será enviado assim que a conexão voltar.')).toBeInTheDocument();
    const queue = await screen.findByRole('region', { name: 'Na fila, aguardando conexão' });
    const [item] = within(queue).getAllByRole('listitem');
    expect(item).toHaveTextContent('Diário: Alface (verão)');
    expect(item).toHaveTextContent('Tirei as folhas secas');
    expect(item).toHaveTextContent('Aguardando conexão');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    expect(queueSnapshot()).toHaveLength(1);
  }, 20_000);

  it('while a cultivo is read, the shell, the header and the outline of its cards are drawn, not a bare spinner', async () => {
    stubApi({ 'GET /api/cultivos/c1': () => new Promise<Response>(() => undefined) });
    renderApp('/cultivos/c1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cultivo' })).toBeInTheDocument();
    const skeleton = screen.getByTestId('cultivo-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Carregando o cultivo...');
    expect(screen.getByRole('navigation', { name: /menu/i })).toBeInTheDocument();
  }, 20_000);
});
