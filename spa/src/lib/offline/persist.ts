import { createStore, del, get, set } from 'idb-keyval';
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

// What the member last saw, kept on the device: react-query's cache, dehydrated into IndexedDB
// under the member's id (a second after saving starts, and after each read that succeeds) and
// put back when the app starts, so that Verde opened with no network shows the last data
// instead of errors (reads that failed meanwhile take the saved data). A reply newer than the
// saved one is never replaced by it (hydrate compares their times), and what was put back is
// read again as soon as a screen shows it. Deleted at sign-out.
// Not @tanstack/react-query-persist-client: it pins an older query-core, a second copy in the bundle.

const store = createStore('verde-cache', 'consultas');
/** Older than this, the saved cache is not shown. */
const maxAgeMs = 14 * 24 * 3600 * 1000;
const saveDelayMs = 1000;

interface Saved {
  at: number;
  state: DehydratedState;
}

/** The admin screens' reads stay out: a member's device keeps the member's own data. */
const kept = (key: readonly unknown[]) => !key.includes('admin');

export async function restoreCache(client: QueryClient, uid: string): Promise<boolean> {
  const saved = await get<Saved>(uid, store).catch(() => undefined);
  if (!saved || Date.now() - saved.at > maxAgeMs) return false;
  if (!navigator.onLine) {
    // Offline, a read still under way would fail after the saved copy is put back and show its
    // error over it: those are called off (react-query reads them again on reconnect).
    const savedHashes = new Set(saved.state.queries.map((q) => q.queryHash));
    await client.cancelQueries({ predicate: (q) => savedHashes.has(q.queryHash) && q.state.fetchStatus !== 'idle' });
  }
  hydrate(client, saved.state);
  // What the copy put back is as old as the copy: never fresh. A screen that shows it reads it
  // again (at once if it is on screen now and not reading, else when it mounts), so that a
  // reload does not show a list edited a few seconds before the page left (its time then was
  // recent: staleTime would have kept it) instead of the list as it is now.
  const restored = (q: Query) => saved.state.queries.some((s) => s.queryHash === q.queryHash && s.state.dataUpdatedAt === q.state.dataUpdatedAt);
  const put = client.getQueryCache().findAll({ predicate: restored });
  await client.invalidateQueries({ predicate: (q) => put.includes(q), refetchType: 'none' });
  if (navigator.onLine) void client.refetchQueries({ predicate: (q) => put.includes(q) && q.isActive() && q.state.fetchStatus === 'idle' });
  return true;
}

/** Saves client's successful reads under uid from now on; returns the stop function. */
export function persistCache(client: QueryClient, uid: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && kept(q.queryKey) });
    void set(uid, { at: Date.now(), state } satisfies Saved, store).catch(() => undefined);
  };
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') timer ??= setTimeout(save, saveDelayMs);
  });
  // What was read before this started (the first screen's reads, done before the page loaded).
  timer = setTimeout(save, saveDelayMs);
  return () => {
    stop();
    clearTimeout(timer);
  };
}

export function clearCache(uid: string): Promise<void> {
  return del(uid, store).catch(() => undefined);
}
