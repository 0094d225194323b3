import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { json, stubApi } from '@/testing/test-utils';
import { withDashboard } from '@/testing/dashboard-stub';
import { preload, revealWithinMs } from '@/app/routes/app/dashboard';
import { forgetDashboardReply } from '@/features/dashboard/api/queries';

// The dashboard's preload (app/routes/app/dashboard.tsx): the router runs it with the route's
// chunk, so the cards' reads start alongside the shell's GET /api/me instead of after it, and the
// page is drawn once they are here, or after revealWithinMs.

const session = vi.hoisted(() => ({ present: true }));
vi.mock('@/lib/auth/amplify-loader', () => ({
  mayHaveSession: () => session.present,
  amplifyRequested: () => session.present,
  loadAmplify: async () => ({ accessToken: async () => 'token' }),
  whenAmplifyLoaded: () => new Promise(() => {}),
}));

// Every card's read is its section of one GET /api/dashboard.
const reads = ['GET /api/dashboard'];

const page = () => json({ items: [], nextCursor: null });
const routes = {
  'GET /api/banners': page,
  'GET /api/rankings/membros': () => json({ periodo: 'mes', mes: '2026-11', itens: [], eu: null }),
  'GET /api/cultivos': page,
  'GET /api/vegetables/plante-agora': () => json({ uf: '', regiao: '', regiaoNome: '', mes: 11, items: [] }),
  'GET /api/me/groups': page,
  'GET /api/me/progress': () => json({ id: 'u1', conquistas: [] }),
  'GET /api/feed/grupos': page,
};
const answers = withDashboard(routes);

function requests(fetchMock: ReturnType<typeof stubApi>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

/**
 * Waits for preload() with the clock all but held: it moves at most 50 ms, enough for the cards'
 * chunks to start one per task (zero-delay timers, which the fake clock runs a millisecond on),
 * never to the reveal's deadline; the cards' modules load for real meanwhile.
 */
async function settled(run: Promise<unknown>): Promise<void> {
  let done = false;
  void run.then(() => (done = true));
  const since = Date.now();
  for (let moved = 0; !done && Date.now() - since < 30_000; ) {
    if (moved < 50) {
      await vi.advanceTimersByTimeAsync(1);
      moved++;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(done).toBe(true);
}

describe('dashboard preload', { timeout: 60_000 }, () => {
  beforeEach(() => {
    forgetDashboardReply();
    session.present = true;
    // The reveal's deadline only passes when a test moves the clock: no test depends on how fast this machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it("starts the cards' one read once, with the token, and resolves when all have answered", async () => {
    const fetchMock = stubApi(answers);
    const client = new QueryClient();
    await settled(preload(client));
    expect(requests(fetchMock).sort()).toEqual([...reads].sort());
    for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
    // The cards find their data in the cache: drawn at once, no second request.
    expect(client.getQueryData(queryKeys.dashboard.cultivos)).toEqual({ items: [], nextCursor: null });
    expect(client.getQueryData(queryKeys.dashboard.groups)).toEqual({ items: [], nextCursor: null });
    expect(client.getQueryData(queryKeys.dashboard.groupPosts)).toEqual({ items: [], nextCursor: null });
    expect(client.getQueryData(queryKeys.dashboard.myStanding)).toMatchObject({ periodo: 'mes' });
    expect(client.getQueryData(queryKeys.progress.mine)).toMatchObject({ id: 'u1' });
    expect(client.getQueryData(queryKeys.banners.active)).toEqual({ items: [], nextCursor: null });
    expect(client.getQueryData(queryKeys.catalog.planteAgora(''))).toMatchObject({ mes: 11 });
  });

  it('does not wait longer than revealWithinMs for a read that hangs', async () => {
    stubApi({ ...answers, 'GET /api/dashboard': () => new Promise<Response>(() => {}) });
    let done = false;
    const run = preload(new QueryClient()).then(() => (done = true));
    // The cards' code loads; the hanging read keeps the page waiting until the deadline.
    await vi.advanceTimersByTimeAsync(revealWithinMs - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await run;
    expect(done).toBe(true);
  });

  it('asks nothing of the API without a session (a visitor on the way to /login)', async () => {
    session.present = false;
    const fetchMock = stubApi(answers);
    await settled(preload(new QueryClient()));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
