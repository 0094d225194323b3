import { offlineQueueSetup } from '@/testing/offline-queue-setup';
import { json, stubApi } from '@/testing/test-utils';
import { keepLocalPhoto } from '@/lib/offline/local-photos';
import { PhotoError } from '@/lib/uploads';
import {
  discardQueued,
  enqueue,
  onQueueItemSent,
  queueSnapshot,
  reloadQueue,
  retryQueued,
  setQueueUser,
  syncQueue,
  type QueueKind,
} from '@/lib/offline/queue';
import type * as Uploads from '@/lib/uploads';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));
const uploadPrepared = vi.hoisted(() => vi.fn<(photo: unknown, purpose: string) => Promise<string>>());
vi.mock('@/lib/uploads', async (original) => ({ ...(await original<typeof Uploads>()), uploadPrepared }));

const diario = '/api/cultivos/c1/diario';
const colheitas = '/api/cultivos/c1/colheitas';

const net = offlineQueueSetup(uploadPrepared);

/** Queues a create as it is made offline (nothing is sent yet). */
async function queueOffline(kind: QueueKind, key: string, body: Record<string, unknown>) {
  const was = net.online;
  net.online = false;
  const path = kind === 'colheita' ? '/cultivos/c1/colheitas' : '/cultivos/c1/diario';
  await enqueue({ path, body, key, kind, cultivoId: 'c1', label: 'Alface' });
  net.online = was;
}

/** The creates fetch was asked for: path, Idempotency-Key and body, in order. */
function creates(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({
      path: String(url),
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    }));
}

const accepted = () => json({ pontos: 5 }, 201);

/** Creates at `path` that get no answer (fetch fails) while `link.down`, then are accepted. */
function unanswered(path: string) {
  const link = { down: true };
  const fetchMock = stubApi({
    [`POST ${path}`]: () => {
      if (link.down) throw new TypeError('Failed to fetch');
      return accepted();
    },
  });
  return { fetchMock, link };
}

describe('offline queue', () => {
  it('keeps what was made offline, oldest first, and says it waits', async () => {
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await queueOffline('rega', 'k-2', { tipo: 'rega', texto: 'Regado' });
    expect(queueSnapshot().map((i) => [i.id, i.kind, i.label])).toEqual([
      ['k-1', 'diario', 'Alface'],
      ['k-2', 'rega', 'Alface'],
    ]);
    expect(queueSnapshot().every((i) => !i.refusal)).toBe(true);
  });

  it('sends the waiting items in the order they were made, each with its own Idempotency-Key', async () => {
    const fetchMock = stubApi({ [`POST ${diario}`]: accepted, [`POST ${colheitas}`]: accepted });
    const sent = vi.fn();
    const stop = onQueueItemSent(sent);
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await queueOffline('rega', 'k-2', { tipo: 'rega', texto: 'Regado', data: '2026-11-20' });
    await queueOffline('colheita', 'k-3', { quantidade: 2, unidade: 'kg', data: '2026-11-20' });

    await syncQueue();
    stop();

    expect(creates(fetchMock)).toEqual([
      { path: diario, key: 'k-1', body: { tipo: 'observacao', texto: 'Brotou' } },
      { path: diario, key: 'k-2', body: { tipo: 'rega', texto: 'Regado', data: '2026-11-20' } },
      { path: colheitas, key: 'k-3', body: { quantidade: 2, unidade: 'kg', data: '2026-11-20' } },
    ]);
    expect(sent.mock.calls.map(([item]) => item.id)).toEqual(['k-1', 'k-2', 'k-3']);
    expect(queueSnapshot()).toEqual([]);
  });

  it("another tab's sent item refreshes this tab's reads too; another member's does not", async () => {
    const sent = vi.fn();
    const stop = onQueueItemSent(sent);
    const otherTab = new BroadcastChannel('verde-fila');
    const item = (uid: string) => ({ id: `k-${uid}`, uid, kind: 'rega', path: diario, body: {}, photos: {}, cultivoId: 'c1', label: 'Alface', createdAt: 1 });
    otherTab.postMessage({ sent: item('user-2') });
    otherTab.postMessage({ sent: item('user-1') });
    await vi.waitFor(() => expect(sent).toHaveBeenCalled());
    otherTab.close();
    stop();
    expect(sent.mock.calls.map(([i]) => i.id)).toEqual(['k-user-1']);
  });

  it('sends nothing while the browser says it is offline', async () => {
    const fetchMock = stubApi({ [`POST ${diario}`]: accepted });
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    net.online = false;
    await syncQueue();
    expect(creates(fetchMock)).toEqual([]);
    expect(queueSnapshot()).toHaveLength(1);
  });

  it('an item that got no answer waits, with those after it, and goes again with the same key and body', async () => {
    const { fetchMock, link } = unanswered(diario);
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await queueOffline('diario', 'k-2', { tipo: 'poda', texto: 'Podei' });

    await syncQueue();
    expect(creates(fetchMock).map((c) => c.key)).toEqual(['k-1']);
    expect(queueSnapshot().map((i) => [i.id, i.refusal])).toEqual([
      ['k-1', undefined],
      ['k-2', undefined],
    ]);

    link.down = false;
    await syncQueue();
    const calls = creates(fetchMock);
    expect(calls.map((c) => c.key)).toEqual(['k-1', 'k-1', 'k-2']);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(queueSnapshot()).toEqual([]);
  });

  it.each([
    [500, 'internal'],
    [503, 'unavailable'],
    [401, 'unauthenticated'],
  ])('a %i (%s) is not a refusal: the item waits for the next try', async (status, code) => {
    stubApi({ [`POST ${diario}`]: () => json({ error: { code, message: 'x' } }, status) });
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await syncQueue();
    expect(queueSnapshot().map((i) => [i.id, i.refusal])).toEqual([['k-1', undefined]]);
  });

  it('shows a refusal on its item with what to do, and sends the next ones', async () => {
    const fetchMock = stubApi({
      [`POST ${diario}`]: (init) =>
        JSON.parse(String(init?.body)).texto === 'Brotou'
          ? json({ error: { code: 'conflict', message: 'Este cultivo está arquivado' } }, 409)
          : accepted(),
    });
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await queueOffline('diario', 'k-2', { tipo: 'poda', texto: 'Podei' });

    await syncQueue();

    expect(creates(fetchMock).map((c) => c.key)).toEqual(['k-1', 'k-2']);
    const [refused, ...rest] = queueSnapshot();
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ id: 'k-1', refusal: { message: 'Este cultivo está arquivado' } });
    expect(refused!.refusal!.advice).toMatch(/reative-o e envie de novo, ou descarte/);

    // Not sent again by itself...
    await syncQueue();
    expect(creates(fetchMock)).toHaveLength(2);
  });

  it.each([
    [404, 'not_found', /Descarte o registro/],
    [403, 'forbidden', /Descarte o registro/],
    [429, 'rate_limited', /Envie de novo amanhã/],
    [400, 'validation', /registre de novo, ou descarte/],
  ])('a %i (%s) says what the member can do', async (status, code, advice) => {
    stubApi({ [`POST ${diario}`]: () => json({ error: { code, message: 'Recusado pelo servidor' } }, status) });
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await syncQueue();
    expect(queueSnapshot()[0]!.refusal).toEqual({ message: 'Recusado pelo servidor', advice: expect.stringMatching(advice) });
  });

  it('"Tentar de novo" sends a refused item again with its key; "Descartar" drops it', async () => {
    let refuse = true;
    const fetchMock = stubApi({
      [`POST ${diario}`]: () => (refuse ? json({ error: { code: 'conflict', message: 'Este cultivo está arquivado' } }, 409) : accepted()),
    });
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await syncQueue();
    expect(queueSnapshot().map((i) => [i.id, !!i.refusal])).toEqual([['k-1', true]]);

    refuse = false;
    await retryQueued('k-1');
    await syncQueue();
    expect(creates(fetchMock).map((c) => c.key)).toEqual(['k-1', 'k-1']);
    expect(creates(fetchMock)[1]!.body).toEqual(creates(fetchMock)[0]!.body);
    expect(queueSnapshot()).toEqual([]);

    refuse = true;
    await queueOffline('diario', 'k-3', { tipo: 'poda', texto: 'Outra' });
    await syncQueue();
    expect(queueSnapshot()[0]!.refusal).toBeDefined();
    await discardQueued('k-3');
    expect(queueSnapshot()).toEqual([]);
  });

  it('uploads the photos chosen offline first, once, and the create names their keys', async () => {
    const { fetchMock, link } = unanswered(colheitas);
    uploadPrepared.mockResolvedValue('uploads/user-1/foto-1.jpg');
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const local = keepLocalPhoto({ blob, width: 800, height: 600 });
    await queueOffline('colheita', 'k-1', { quantidade: 1, unidade: 'kg', foto: local });
    expect(queueSnapshot()[0]!.photos[local]).toMatchObject({ blob, width: 800, height: 600, purpose: 'colheita' });

    await syncQueue();
    link.down = false;
    await syncQueue();

    expect(uploadPrepared).toHaveBeenCalledTimes(1);
    expect(uploadPrepared).toHaveBeenCalledWith(expect.objectContaining({ blob, width: 800, height: 600 }), 'colheita');
    expect(creates(fetchMock).map((c) => [c.key, c.body.foto])).toEqual([
      ['k-1', 'uploads/user-1/foto-1.jpg'],
      ['k-1', 'uploads/user-1/foto-1.jpg'],
    ]);
    expect(queueSnapshot()).toEqual([]);
  });

  it('a photo the upload refuses is a refusal; one that got no answer waits', async () => {
    const fetchMock = stubApi({ [`POST ${diario}`]: accepted });
    const local = keepLocalPhoto({ blob: new Blob(['x'], { type: 'image/jpeg' }), width: 10, height: 10 });
    await queueOffline('diario', 'k-1', { tipo: 'foto', fotos: [local] });

    uploadPrepared.mockRejectedValueOnce(new PhotoError('Não foi possível enviar a foto.', true));
    await syncQueue();
    expect(queueSnapshot()[0]!.refusal).toBeUndefined();

    uploadPrepared.mockRejectedValueOnce(new PhotoError('A foto deve ter no máximo 5 MB.'));
    await syncQueue();
    expect(queueSnapshot()[0]!.refusal).toEqual({ message: 'A foto deve ter no máximo 5 MB.', advice: expect.stringMatching(/outra foto/) });
    expect(creates(fetchMock)).toEqual([]);
  });

  it("keeps each member's items apart: another member on the device neither sees nor sends them", async () => {
    const fetchMock = stubApi({ [`POST ${diario}`]: accepted });
    await queueOffline('diario', 'k-1', { tipo: 'observacao', texto: 'Brotou' });
    await setQueueUser('user-2');
    expect(queueSnapshot()).toEqual([]);
    await syncQueue();
    expect(creates(fetchMock)).toEqual([]);

    await setQueueUser('user-1');
    await reloadQueue();
    expect(queueSnapshot().map((i) => i.id)).toEqual(['k-1']);
  });

  it('refuses to queue with nobody signed in', async () => {
    await setQueueUser('');
    await expect(queueOffline('diario', 'k-1', { tipo: 'observacao' })).rejects.toMatchObject({ code: 'network' });
  });
});
