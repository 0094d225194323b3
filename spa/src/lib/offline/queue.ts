import { createStore, del, get, set, values } from 'idb-keyval';
import { api, ApiError } from '@/lib/api-client';
import { localPhoto, localPhotosIn } from '@/lib/offline/local-photos';
import type { PhotoError, PreparedPhoto } from '@/lib/uploads';
import type * as UploadsModule from '@/lib/uploads';
import type { UploadPurpose } from '@/types/api';

// The offline queue: creates made with no connection (lib/offline/create-or-queue.ts), kept in
// IndexedDB per member, each with its Idempotency-Key and the photos it names as blobs. They are
// sent in the order they were made when the network returns (an 'online' event, the app starting,
// a minute later): the photos uploaded first (lib/uploads.ts, the same upload every form uses),
// their keys saved on the item, then the create with its key. A repeat of a request that got no
// answer is answered by the server with the first reply, so nothing is created twice; and tabs
// of the same member take turns (a Web Lock), each reading the queue afresh. An item the server
// refuses (the cultivo archived meanwhile, a daily limit) stays, marked with the reason and what
// to do, until the member sends it again or discards it.

export type QueueKind = 'diario' | 'rega' | 'colheita';

export interface QueueRefusal {
  message: string;
  /** What the member can do about it. */
  advice: string;
}

export interface QueueItem {
  /** Also the create's Idempotency-Key. */
  id: string;
  uid: string;
  kind: QueueKind;
  cultivoId: string;
  label: string;
  path: string;
  /** The create's body; a photo chosen offline appears as its 'local:' key (lib/offline/local-photos.ts). */
  body: Record<string, unknown>;
  /** The photos chosen offline, by their local key; key is the uploaded one, once sent. */
  photos: Record<string, PreparedPhoto & { purpose: UploadPurpose; key?: string }>;
  createdAt: number;
  refusal?: QueueRefusal;
}

const store = createStore('verde-fila', 'itens');
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('verde-fila') : undefined;

let snapshot: QueueItem[] = [];
let sending: string | null = null;
const listeners = new Set<() => void>();
const synced = new Set<(item: QueueItem) => void>();

function emit() {
  listeners.forEach((l) => l());
}

/** The signed-in member, whose items this tab shows and sends ('' signed out): lib/pwa/boot.tsx. */
let uid = '';
const currentUid = () => uid;

export function setQueueUser(next: string): Promise<void> {
  uid = next;
  return reloadQueue();
}

/** Reads this member's items again (after a change here or in another tab). */
export async function reloadQueue(): Promise<void> {
  const uid = currentUid();
  const all = uid ? await values<QueueItem>(store) : [];
  snapshot = all.filter((i) => i.uid === uid).sort((a, b) => a.createdAt - b.createdAt);
  emit();
}

function changed() {
  channel?.postMessage('changed');
  return reloadQueue();
}
/** Another tab's message: its queue changed, or it sent one of this member's items. */
type Message = 'changed' | { sent: QueueItem };
channel?.addEventListener('message', (event: MessageEvent<Message>) => {
  const { data } = event;
  if (typeof data === 'object' && data.sent.uid === currentUid()) synced.forEach((l) => l(data.sent));
  void reloadQueue();
});

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const queueSnapshot = (): QueueItem[] => snapshot;

/** The id of the item being sent now in this tab, if any. */
export const sendingNow = (): string | null => sending;

/** Called after each item the server accepted, in this tab or another (the app refreshes its reads). */
export function onQueueItemSent(listener: (item: QueueItem) => void): () => void {
  synced.add(listener);
  return () => synced.delete(listener);
}

const purposeOf: Record<QueueKind, UploadPurpose> = { diario: 'diario', rega: 'diario', colheita: 'colheita' };

export async function enqueue(input: { path: string; body: Record<string, unknown>; key: string; kind: QueueKind; cultivoId: string; label: string }) {
  const uid = currentUid();
  if (!uid) throw new ApiError({ status: 0, code: 'network', message: 'Sem conexão. Tente novamente quando a conexão voltar.' });
  const photos: QueueItem['photos'] = {};
  for (const local of localPhotosIn(input.body)) {
    const photo = localPhoto(local);
    if (photo) photos[local] = { ...photo, purpose: purposeOf[input.kind] };
  }
  const item: QueueItem = {
    id: input.key,
    uid,
    kind: input.kind,
    cultivoId: input.cultivoId,
    label: input.label,
    path: input.path,
    body: input.body,
    photos,
    // Strictly after the newest waiting item: two made in the same millisecond keep their order.
    createdAt: Math.max(Date.now(), (snapshot.at(-1)?.createdAt ?? 0) + 1),
  };
  await set(item.id, item, store);
  await changed();
  if (navigator.onLine) void syncQueue();
  return { enfileirado: true as const, id: item.id };
}

export async function discardQueued(id: string): Promise<void> {
  await del(id, store);
  await changed();
}

/** Clears the refusal and tries again now. */
export async function retryQueued(id: string): Promise<void> {
  const item = await get<QueueItem>(id, store);
  if (!item) return;
  delete item.refusal;
  await set(id, item, store);
  await changed();
  void syncQueue();
}

/** What the member can do about a refusal, by its kind. */
function refusalOf(err: ApiError | PhotoError): QueueRefusal {
  if (!(err instanceof ApiError)) return { message: err.message, advice: 'Descarte o registro e faça-o de novo com outra foto.' };
  switch (err.code) {
    case 'conflict':
      return { message: err.message, advice: 'Abra o cultivo: se ele foi arquivado ou encerrado, reative-o e envie de novo, ou descarte o registro.' };
    case 'not_found':
    case 'forbidden':
      return { message: err.message, advice: 'O cultivo não está mais ao seu alcance (foi excluído ou você deixou o grupo). Descarte o registro.' };
    case 'rate_limited':
      return { message: err.message, advice: 'Envie de novo amanhã, ou descarte o registro.' };
    default:
      return { message: err.message, advice: 'Corrija no cultivo e registre de novo, ou descarte este registro.' };
  }
}

/** Transient: try again later (no answer, the server busy, the session to renew). */
function transient(err: unknown, uploads: Uploads): boolean {
  if (err instanceof uploads.PhotoError) return err.network;
  if (!(err instanceof ApiError)) return true;
  return err.code === 'network' || err.code === 'internal' || err.code === 'unavailable' || err.code === 'unauthenticated';
}

type Uploads = typeof UploadsModule;

async function sendOne(item: QueueItem, uploads: Uploads): Promise<void> {
  const body = structuredClone(item.body);
  for (const photo of Object.values(item.photos)) {
    if (!photo.key) {
      photo.key = await uploads.uploadPrepared(photo, photo.purpose);
      // Saved at once: sent again, the create names the same object rather than a second upload.
      await set(item.id, item, store);
    }
  }
  const key = (k: unknown) => (typeof k === 'string' && item.photos[k]?.key) || k;
  if (Array.isArray(body.fotos)) body.fotos = body.fotos.map(key);
  if (body.foto !== undefined) body.foto = key(body.foto);
  await api.create<unknown>(item.path, body, item.id);
}

let running: Promise<void> | null = null;
/** Asked again while a run was under way (an item retried, the network back): run once more. */
let again = false;

/** One pass over this member's waiting items, oldest first; stops at the first that got no answer. */
async function runOnce(uid: string, uploads: Uploads): Promise<void> {
  const waiting = (await values<QueueItem>(store)).filter((i) => i.uid === uid).sort((a, b) => a.createdAt - b.createdAt);
  for (const { id } of waiting) {
    // Read afresh: another tab may have sent it, the member discarded or retried it meanwhile.
    const item = await get<QueueItem>(id, store);
    if (!item || item.refusal) continue;
    sending = item.id;
    emit();
    try {
      await sendOne(item, uploads);
      await del(item.id, store);
      synced.forEach((l) => l(item));
      // The other tabs refresh their reads too (their queue is read again by changed() below).
      channel?.postMessage({ sent: { ...item, photos: {} } } satisfies Message);
    } catch (err) {
      // No answer: this one and those after it wait for the next try, in the same order.
      if (transient(err, uploads)) return;
      item.refusal = refusalOf(err as ApiError | PhotoError);
      await set(item.id, item, store);
    } finally {
      sending = null;
      await changed();
    }
  }
}

/** Sends this member's waiting items in order; one run at a time per tab, one tab at a time. */
export function syncQueue(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const uploads = await import('@/lib/uploads');
    do {
      again = false;
      const uid = currentUid();
      if (!uid || !navigator.onLine) return;
      const run = () => runOnce(uid, uploads);
      // Inside the lock, each tab reads the queue afresh: another may have sent some meanwhile.
      if (navigator.locks) await navigator.locks.request(`verde-fila-${uid}`, run);
      else await run();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
