import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, renderApp, stubApi } from '@/testing/test-utils';
import type { MutiraoDetail } from '@/types/api';

const slow = { timeout: 20_000 };

function mutirao(over: Partial<MutiraoDetail> = {}): MutiraoDetail {
  return {
    id: 'm1',
    groupId: 'g1',
    titulo: 'Mutirão de plantio',
    descricao: 'Traga luvas.',
    local: 'Canteiros da praça',
    inicio: '2099-03-12T11:00:00.000Z',
    duracaoMin: 180,
    status: 'agendado',
    tarefas: [
      { id: 't1', titulo: 'Preparar canteiros', vagas: 1, inscritos: 1, espera: 0 },
      { id: 't2', titulo: 'Levar mudas', vagas: 3, inscritos: 0, espera: 0 },
    ],
    vagas: 4,
    inscritos: 1,
    espera: 0,
    presentes: 0,
    minutos: 0,
    criadoPor: 'u-2',
    criadoPorNome: 'Cida Coordenadora',
    criadoEm: '2099-03-01T12:00:00.000Z',
    inscricoes: [{ userId: 'u-3', nome: 'Ana', tarefaId: 't1', status: 'confirmado', posicao: 0, desde: '2099-03-02T12:00:00.000Z', checkinEm: null, presente: false, minutos: 0 }],
    minha: null,
    podeCoordenar: false,
    podeInscrever: true,
    codigo: null,
    ...over,
  };
}

describe('the mutirão page', { timeout: 60_000 }, () => {
  it('a member joins the waiting list of a full tarefa and sees their place', async () => {
    const put = vi.fn((_init?: RequestInit) =>
      json({
        inscricao: { userId: 'user-1', nome: 'Maria', tarefaId: 't1', status: 'espera', posicao: 1, desde: '2099-03-03T12:00:00.000Z', checkinEm: null, presente: false, minutos: 0 },
        mutirao: mutirao(),
      }),
    );
    let after = false;
    stubApi({
      'GET /api/groups/g1/mutiroes/m1': () =>
        json(
          after
            ? mutirao({ espera: 1, minha: { userId: 'user-1', nome: 'Maria', tarefaId: 't1', status: 'espera', posicao: 1, desde: '2099-03-03T12:00:00.000Z', checkinEm: null, presente: false, minutos: 0 } })
            : mutirao(),
        ),
      'PUT /api/groups/g1/mutiroes/m1/inscricao': (init) => {
        after = true;
        return put(init);
      },
    });
    renderApp('/grupos/g1/mutiroes/m1', fakeAuth());
    expect(await screen.findByRole('heading', { level: 1, name: 'Mutirão de plantio' }, slow)).toBeInTheDocument();
    expect(screen.getByText('qui., 12 de mar. de 2099, 08:00 às 11:00')).toBeInTheDocument();
    // Shared on WhatsApp with what, when and where, in Portuguese.
    const whatsapp = screen.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(new URL(whatsapp.getAttribute('href')!).searchParams.get('text')).toBe(
      `Mutirão "Mutirão de plantio" na horta: qui., 12 de mar. de 2099, 08:00 às 11:00, em Canteiros da praça. Vem ajudar! Inscreva-se no Verde: ${window.location.origin}/grupos/g1/mutiroes/m1`,
    );
    // Full: the button says so; the other tarefa has room.
    expect(screen.getByRole('button', { name: 'Quero ajudar em Levar mudas' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Entrar na lista de espera de Preparar canteiros' }));
    expect(await screen.findByText('As vagas de Preparar canteiros acabaram: você entrou na lista de espera (1º).', {}, slow)).toBeInTheDocument();
    expect(put).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(put.mock.calls[0]![0]!.body))).toEqual({ tarefaId: 't1' });
    await waitFor(() => expect(screen.getByText(/1º da fila/)).toBeInTheDocument(), slow);
    expect(screen.getByRole('button', { name: 'Sair da lista de espera' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Coordenação' })).not.toBeInTheDocument();
  });

  it('a coordinator sees the check-in code and records hours from the day on', async () => {
    const put = vi.fn((_init?: RequestInit) => json({ userId: 'u-3', nome: 'Ana', tarefaId: 't1', status: 'confirmado', posicao: 0, desde: '2099-03-02T12:00:00.000Z', checkinEm: null, presente: true, minutos: 150 }));
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    stubApi({
      'GET /api/groups/g1/mutiroes/m1': () => json(mutirao({ podeCoordenar: true, codigo: '380465', inicio: `${today}T23:50:00.000Z`, duracaoMin: 60 })),
      'PUT /api/groups/g1/mutiroes/m1/presencas/u-3': put,
    });
    renderApp('/grupos/g1/mutiroes/m1', fakeAuth());
    const coord = await screen.findByRole('region', { name: 'Coordenação' }, slow);
    expect(within(coord).getByLabelText('Código de presença 3 8 0 4 6 5')).toHaveTextContent('380465');
    const row = within(coord).getByText('Ana').closest('li')!;
    await userEvent.click(within(row).getByRole('checkbox', { name: 'Esteve presente' }));
    await userEvent.clear(within(row).getByLabelText('Horas de Ana'));
    await userEvent.type(within(row).getByLabelText('Horas de Ana'), '2.5');
    await userEvent.click(within(row).getByRole('button', { name: 'Salvar' }));
    expect(await within(row).findByText('Presença de Ana salva: 2 h 30 min.', {}, slow)).toBeInTheDocument();
    expect(JSON.parse(String(put.mock.calls[0]![0]!.body))).toEqual({ presente: true, minutos: 150 });
  });
});
