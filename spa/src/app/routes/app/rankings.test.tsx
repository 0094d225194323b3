import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi, testProfile } from '@/testing/test-utils';
import type { GroupsRanking, MembersRanking } from '@/types/api';

const standing = { valor: 0, posicao: null, aproximada: false, alemDe: false, oculto: false };

function members(periodo: 'geral' | 'mes', over: Partial<MembersRanking> = {}): MembersRanking {
  return {
    periodo,
    mes: periodo === 'mes' ? '2026-11' : null,
    itens: [
      { posicao: 1, id: 'u-2', nome: 'João Pedro', foto: null, nivel: 3, nivelNome: 'Muda', pontos: 420 },
      { posicao: 2, id: 'user-1', nome: 'Maria Clara Souza', foto: null, nivel: 2, nivelNome: 'Broto', pontos: 150 },
    ],
    eu: { ...standing, valor: 150, posicao: 2 },
    ...over,
  };
}

describe('rankings screen', () => {
  it('shows the top with links to members, my row highlighted and my position', async () => {
    stubApi({ 'GET /api/rankings/membros': () => json(members('geral')) });
    renderApp('/rankings', fakeAuth());
    const list = await screen.findByRole('list', { name: 'Os 50 primeiros de todos os tempos' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'João Pedro' })).toHaveAttribute('href', '/membros/u-2');
    expect(within(rows[0]!).getByText('420 pontos')).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1]!).getByText('Você')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Você está em 2º lugar, com 150 pontos.');
  });

  it('states an estimate past the first 1.000 and an opt-out', async () => {
    stubApi({
      'GET /api/rankings/membros': () => json(members('mes', { itens: [], eu: { valor: 12, posicao: 4800, aproximada: true, alemDe: false, oculto: true } })),
    });
    renderApp('/rankings?aba=mes', fakeAuth());
    expect(await screen.findByText(/por volta do 4\.800º lugar \(estimativa\)/, {})).toBeInTheDocument();
    expect(screen.getByText('Você está oculto dos rankings públicos: só você vê a sua posição.')).toBeInTheDocument();
    expect(screen.getByText(/Pontos de novembro de 2026/)).toBeInTheDocument();
    expect(screen.getByText('Ninguém somou pontos neste mês ainda. Seja o primeiro!')).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    stubApi({
      'GET /api/rankings/membros': () => {
        calls++;
        return calls === 1 ? json({ error: { code: 'forbidden', message: 'Sem acesso' } }, 403) : json(members('geral'));
      },
    });
    const user = userEvent.setup();
    renderApp('/rankings', fakeAuth());
    expect(await screen.findByText('Não foi possível carregar o ranking', {})).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list', { name: 'Os 50 primeiros de todos os tempos' })).toBeInTheDocument();
  });

  it('ranks the groups by kg, a private group unnamed, my group’s position', async () => {
    const groups: GroupsRanking = {
      periodo: 'mes',
      mes: '2026-11',
      itens: [
        { posicao: 1, id: null, nome: null, publico: false, meu: false, kg: 12.5 },
        { posicao: 2, id: 'g-1', nome: 'Horta da Vila', publico: true, meu: true, kg: 3.75 },
      ],
      grupo: { valor: 3750, posicao: 2, aproximada: false, alemDe: false, oculto: false },
    };
    const fetchMock = stubApi({
      'GET /api/me/groups': () => json({ items: [{ id: 'g-1', nome: 'Horta da Vila' }], nextCursor: null }),
      'GET /api/rankings/grupos': () => json(groups),
    });
    renderApp('/rankings?aba=grupos', fakeAuth());
    const list = await screen.findByRole('list', { name: 'Grupos que mais colheram no mês' });
    expect(within(list).getByText('Grupo privado')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Horta da Vila' })).toHaveAttribute('href', '/grupos/g-1');
    expect(within(list).getByText('3,75 kg por membro')).toBeInTheDocument();
    expect(screen.getByText(/Seu grupo/).closest('p')).toHaveTextContent('Seu grupo está em 2º lugar, com 3,75 kg por membro ativo.');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/rankings/grupos'))!;
    expect(String(call[0])).toContain('grupo=g-1');
  });

  it('lists the members of my group, and invites to join one when I have none', async () => {
    stubApi({
      'GET /api/me/groups': () => json({ items: [], nextCursor: null }),
    });
    renderApp('/rankings?aba=grupo', fakeAuth());
    expect(await screen.findByText('Entre em um grupo para ver o ranking dos seus membros.', {})).toBeInTheDocument();
  });

  it('opts out of the public rankings from the privacy section', async () => {
    const fetchMock = stubApi({
      'GET /api/rankings/membros': () => json(members('geral')),
      'PUT /api/me': (init) => json({ ...testProfile, ...JSON.parse(String(init?.body)) }),
    });
    const user = userEvent.setup();
    renderApp('/rankings', fakeAuth());
    const box = await screen.findByRole('checkbox', { name: 'Ocultar meu nome dos rankings públicos' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/continua vendo a sua própria posição/);
    await user.click(box);
    expect(await screen.findByText('Pronto: você está oculto dos rankings públicos.', {})).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ocultarDoRanking: true });
  });

  it('shows the choice at once, and the saved value again when saving fails', async () => {
    let answer: ((r: Response) => void) | undefined;
    stubApi({
      'GET /api/rankings/membros': () => json(members('geral')),
      'PUT /api/me': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/rankings', fakeAuth());
    const box = await screen.findByRole('checkbox', { name: 'Ocultar meu nome dos rankings públicos' });
    // Checked in the same turn as the click, not a moment later (it used to go back unchecked
    // until the mutation's pending state arrived: e2e/rankings' check() saw that).
    fireEvent.click(box);
    expect(box).toBeChecked();
    await vi.waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!(json({ error: { code: 'internal', message: 'Erro interno' } }, 500)));
    expect(await screen.findByText(/Erro interno|Não foi possível salvar/, {})).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('shows my league with its zones and how my last league ended', async () => {
    const linha = (posicao: number, nome: string | null, pontos: number, zona: 'acesso' | 'rebaixamento' | null, eu = false) => ({
      posicao,
      id: nome ? `u-${posicao}` : null,
      nome,
      pontos,
      zona,
      eu,
    });
    stubApi({
      'GET /api/rankings/liga': () =>
        json({
          participa: true,
          mes: '2026-11',
          serie: 'Série C',
          numero: 2,
          zona: 1,
          linhas: [linha(1, 'João Pedro', 90, 'acesso'), linha(2, 'Maria Clara Souza', 40, null, true), linha(3, null, 5, 'rebaixamento')],
          resultado: 'sobe',
          textoAnterior: 'Você subiu da Série D para a Série C!',
        }),
    });
    renderApp('/rankings?aba=liga', fakeAuth());
    expect(await screen.findByRole('heading', { name: 'Série C · Liga 2' })).toBeInTheDocument();
    expect(screen.getByText('Você subiu da Série D para a Série C!')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Membros da Série C, liga 2' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Sobe')).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[2]!).getByText('Membro que prefere não aparecer')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Desce')).toBeInTheDocument();
  });

  it('invites a member without points this month into the league', async () => {
    stubApi({
      'GET /api/rankings/liga': () =>
        json({ participa: false, mes: '2026-11', serie: null, numero: 0, zona: 0, linhas: [], resultado: null, textoAnterior: null }),
    });
    renderApp('/rankings?aba=liga', fakeAuth());
    expect(await screen.findByText('Você ainda não está em uma liga este mês', {})).toBeInTheDocument();
  });
});
