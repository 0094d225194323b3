import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { appQueryClient } from '@/lib/query-client';
import { startPwa } from '@/lib/pwa/install';
import { clearCache, persistCache, restoreCache } from '@/lib/offline/persist';
import { onQueueItemSent, setQueueUser, syncQueue } from '@/lib/offline/queue';

// Its own chunk: main.tsx's import of this module then lists this file alone.
const DeviceBar = lazy(() => import('@/components/ui/device-bar').then((m) => ({ default: m.DeviceBar })));

// What a member's device runs besides the screens, started by lib/auth/amplify.ts (loaded where
// there is a session, after the first paint) once the page has loaded and the browser is idle:
// never on the way to a first paint (/login's and /dashboard's budgets, scripts/check-size.mjs).
// The service worker (lib/pwa/install.ts), the copy of the member's reads kept on the device
// (lib/offline/persist.ts) and the offline queue (lib/offline/queue.ts), with the device bar that
// shows them. The member is the one the auth state asked GET /api/me for (queryKeys.me.profile).

/** How often a waiting queue is tried again while the browser says it is online. */
const retryEveryMs = 60_000;

function signedInUid(client: QueryClient): string {
  for (const query of client.getQueryCache().getAll()) {
    const [root, id] = query.queryKey;
    if (root === 'me' && query.queryKey.length === 2 && typeof id === 'string' && id) return id;
  }
  return '';
}

let uid = '';
const uidListeners = new Set<() => void>();
const subscribeUid = (l: () => void) => (uidListeners.add(l), () => uidListeners.delete(l));

function Bar() {
  const signedIn = useSyncExternalStore(subscribeUid, () => uid !== '');
  return (
    <Suspense fallback={null}>
      <DeviceBar signedIn={signedIn} />
    </Suspense>
  );
}

function boot(client: QueryClient) {
  startPwa();
  // Unused reads stay a day (not five minutes), so the copy kept on the device still has the
  // screens the member saw earlier.
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, gcTime: 24 * 3600 * 1000 } });
  let stopPersist: (() => void) | undefined;

  const follow = () => {
    const next = signedInUid(client);
    if (next === uid) return;
    const previous = uid;
    uid = next;
    stopPersist?.();
    stopPersist = undefined;
    // Signed out (the cache cleared): what was kept of that member goes too.
    if (previous && !next) void clearCache(previous);
    if (next) {
      void restoreCache(client, next).finally(() => {
        if (uid === next) stopPersist = persistCache(client, next);
      });
    }
    void setQueueUser(next).then(() => syncQueue());
    uidListeners.forEach((l) => l());
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed') follow();
  });
  follow();

  onQueueItemSent(() => void client.invalidateQueries());
  addEventListener('online', () => void syncQueue());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncQueue();
  });
  setInterval(() => void syncQueue(), retryEveryMs);

  const container = document.createElement('div');
  container.id = 'verde-aparelho';
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <Bar />
    </StrictMode>,
  );
}

if (appQueryClient.current) boot(appQueryClient.current);
