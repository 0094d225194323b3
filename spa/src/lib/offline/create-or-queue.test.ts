import { offlineQueueSetup } from '@/testing/offline-queue-setup';
import { json, stubApi } from '@/testing/test-utils';
import { createOrQueue } from '@/lib/offline/create-or-queue';
import { keepLocalPhoto } from '@/lib/offline/local-photos';
import { isQueued } from '@/lib/offline/queued';
import { queueSnapshot, syncQueue } from '@/lib/offline/queue';
import type * as Uploads from '@/lib/uploads';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));
const uploadPrepared = vi.hoisted(() => vi.fn<(photo: unknown, purpose: string) => Promise<string>>());
vi.mock('@/lib/uploads', async (original) => ({ ...(await original<typeof Uploads>()), uploadPrepared }));

const what = { kind: 'diario' as const, cultivoId: 'c1', label: 'Alface' };
const net = offlineQueueSetup(uploadPrepared);

describe('createOrQueue', () => {
  it('sends at once when the network answers', async () => {
    const fetchMock = stubApi({ 'POST /api/cultivos/c1/diario': () => json({ pontos: 5 }, 201) });
    const reply = await createOrQueue('/cultivos/c1/diario', { tipo: 'poda', texto: 'Podei' }, 'k-1', what);
    expect(reply).toEqual({ pontos: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queueSnapshot()).toEqual([]);
  });

  it('queues, with the same key, a create that got no answer', async () => {
    let calls = 0;
    stubApi({
      'POST /api/cultivos/c1/diario': () => {
        calls++;
        // The signal drops for good: the queue's own try after it fails too.
        net.online = false;
        throw new TypeError('Failed to fetch');
      },
    });
    const reply = await createOrQueue('/cultivos/c1/diario', { tipo: 'poda', texto: 'Podei' }, 'k-1', what);
    expect(isQueued(reply)).toBe(true);
    expect(calls).toBe(1);
    expect(queueSnapshot().map((i) => [i.id, i.kind, i.body])).toEqual([['k-1', 'diario', { tipo: 'poda', texto: 'Podei' }]]);
  });

  it('queues without trying when the browser says it is offline, and names "Reguei hoje" a rega', async () => {
    net.online = false;
    const fetchMock = stubApi();
    const reply = await createOrQueue('/cultivos/c1/diario', { tipo: 'rega', texto: 'Regado', data: '2026-11-20' }, 'k-1', what);
    expect(isQueued(reply)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queueSnapshot()[0]).toMatchObject({ id: 'k-1', kind: 'rega', label: 'Alface', cultivoId: 'c1' });
  });

  it('a create naming a photo kept on the device goes through the queue, which uploads it first', async () => {
    const local = keepLocalPhoto({ blob: new Blob(['x'], { type: 'image/jpeg' }), width: 4, height: 3 });
    uploadPrepared.mockResolvedValue('uploads/user-1/f.jpg');
    const fetchMock = stubApi({ 'POST /api/cultivos/c1/diario': () => json({ pontos: 5 }, 201) });
    const reply = await createOrQueue('/cultivos/c1/diario', { tipo: 'foto', fotos: [local] }, 'k-1', what);
    expect(isQueued(reply)).toBe(true);
    await syncQueue();
    expect(uploadPrepared).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ tipo: 'foto', fotos: ['uploads/user-1/f.jpg'] });
    expect(queueSnapshot()).toEqual([]);
  });

  it('a refusal is the form\'s to show, not the queue\'s', async () => {
    stubApi({ 'POST /api/cultivos/c1/diario': () => json({ error: { code: 'validation', message: 'Texto longo demais', field: 'texto' } }, 400) });
    await expect(createOrQueue('/cultivos/c1/diario', { tipo: 'poda', texto: 'x' }, 'k-1', what)).rejects.toMatchObject({ code: 'validation', field: 'texto' });
    expect(queueSnapshot()).toEqual([]);
  });
});
