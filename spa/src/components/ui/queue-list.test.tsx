import { act, render, screen } from '@testing-library/react';
import { QueueList } from '@/components/ui/queue-list';
import { discardQueued, enqueue, setQueueUser } from '@/lib/offline/queue';
import { clearAllStores } from '@/testing/idb-keyval-memory';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));

describe('QueueList', () => {
  it("shows one cultivo's waiting items and says when the last of them is gone", async () => {
    clearAllStores();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await setQueueUser('user-1');
    const onEmpty = vi.fn();
    render(<QueueList cultivoId="c1" title="Na fila, aguardando conexão" onEmpty={onEmpty} />);
    await act(() => enqueue({ path: '/cultivos/c1/diario', body: { tipo: 'rega' }, key: 'k-1', kind: 'rega', cultivoId: 'c1', label: 'Alface' }));
    await act(() => enqueue({ path: '/cultivos/c2/diario', body: { tipo: 'rega' }, key: 'k-2', kind: 'rega', cultivoId: 'c2', label: 'Couve' }));
    expect(await screen.findByRole('region', { name: 'Na fila, aguardando conexão' })).toHaveTextContent('Alface');
    expect(screen.queryByText(/Couve/)).not.toBeInTheDocument();
    expect(onEmpty).not.toHaveBeenCalled();

    await act(() => discardQueued('k-1'));
    expect(screen.queryByRole('region', { name: 'Na fila, aguardando conexão' })).not.toBeInTheDocument();
    expect(onEmpty).toHaveBeenCalledTimes(1);
  });
});
