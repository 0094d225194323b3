import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ColheitaDialog } from '@/features/cultivos/components/colheita-dialog';
import { createQueryClient } from '@/lib/query-client';
import { todayBrasilia } from '@/lib/format';
import { queueSnapshot, setQueueUser } from '@/lib/offline/queue';
import { cultivo } from '@/testing/cultivo-fixtures';
import { clearAllStores } from '@/testing/idb-keyval-memory';
import { loseSignal, stubApi } from '@/testing/test-utils';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));

describe('ColheitaDialog with no connection', () => {
  it('queues the harvest with its id and date, and tells the page it was queued', async () => {
    clearAllStores();
    await setQueueUser('user-1');
    const fetchMock = stubApi();
    loseSignal();
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ColheitaDialog cultivo={cultivo()} onClose={vi.fn()} onDone={onDone} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText(/Quantidade/), '1,5');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar colheita' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0]![0]).toMatchObject({ enfileirado: true });
    expect(fetchMock).not.toHaveBeenCalled();
    const [item] = queueSnapshot();
    expect(item).toMatchObject({ kind: 'colheita', cultivoId: 'c1', label: 'Alface (verão)', path: '/cultivos/c1/colheitas' });
    expect(item!.body).toMatchObject({ quantidade: 1.5, unidade: 'kg', data: todayBrasilia(), destino: 'consumo', id: expect.any(String) });
  });
});
