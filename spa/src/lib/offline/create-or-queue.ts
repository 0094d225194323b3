import { api, ApiError } from '@/lib/api-client';
import { enqueue, type QueueKind } from '@/lib/offline/queue';
import type { Queued } from '@/lib/offline/queued';

// The creates a member makes in the garden (a diary entry, "Reguei hoje", a harvest; their hooks
// import this module when they run, so the dashboard's cards do not carry it): sent at once
// when the network answers, otherwise kept in the offline queue (lib/offline/queue.ts) with their
// Idempotency-Key and sent in order when it returns. A request that got no answer may have
// reached the server: the queue sends it again with the same key, and the server answers the
// repeat with the first reply instead of creating it twice.


export interface QueueDescription {
  kind: QueueKind;
  cultivoId: string;
  /** The cultivo's name, which the queue shows ("Rega: Alface"). */
  label: string;
}

export async function createOrQueue<T>(path: string, body: Record<string, unknown>, key: string, what: QueueDescription): Promise<T | Queued> {
  // A photo kept on the device ('local:' key, lib/offline/local-photos.ts) can only go through the queue.
  if (navigator.onLine && !JSON.stringify(body).includes('"local:')) {
    try {
      return await api.create<T>(path, body, key);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'network') throw err;
    }
  }
  // "Reguei hoje" is a diary entry of tipo rega: the queue names it so.
  return enqueue({ path, body, key, ...what, kind: what.kind === 'diario' && body.tipo === 'rega' ? 'rega' : what.kind });
}
