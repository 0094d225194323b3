import { QueryClient } from '@tanstack/react-query';
import { clearAllStores } from '@/testing/idb-keyval-memory';
import { clearCache, persistCache, restoreCache } from '@/lib/offline/persist';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));

beforeEach(() => clearAllStores());

/** Lets the save a second after a read run. */
async function afterSave() {
  await vi.advanceTimersByTimeAsync(1500);
}

describe('the copy of the reads kept on the device', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("puts back the member's last reads in a new session, and only that member's", async () => {
    const first = new QueryClient();
    const stop = persistCache(first, 'user-1');
    await first.fetchQuery({ queryKey: ['cultivos', 'lista'], queryFn: async () => [{ id: 'c1', vegetalNome: 'Alface' }] });
    await afterSave();
    stop();

    const next = new QueryClient();
    await expect(restoreCache(next, 'user-1')).resolves.toBe(true);
    expect(next.getQueryData(['cultivos', 'lista'])).toEqual([{ id: 'c1', vegetalNome: 'Alface' }]);

    const other = new QueryClient();
    await expect(restoreCache(other, 'user-2')).resolves.toBe(false);
    expect(other.getQueryData(['cultivos', 'lista'])).toBeUndefined();
  });

  it('what it puts back is never fresh: a screen showing it reads it again', async () => {
    const first = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    persistCache(first, 'user-1');
    await first.fetchQuery({ queryKey: ['mural'], queryFn: async () => ['antes'] });
    // An edit writes its answer into the list: its time is now, well within staleTime.
    first.setQueryData(['mural'], ['editado']);
    await afterSave();

    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const read = vi.fn(async () => ['agora']);
    await next.fetchQuery({ queryKey: ['outra'], queryFn: async () => ['nova'] });
    await restoreCache(next, 'user-1');
    expect(next.getQueryData(['mural'])).toEqual(['editado']);
    expect(next.getQueryState(['mural'])?.isInvalidated).toBe(true);
    // A read of this page is not the copy's: it stays fresh.
    expect(next.getQueryState(['outra'])?.isInvalidated).toBe(false);
    // The screen mounting it reads it again, in spite of staleTime.
    await next.prefetchQuery({ queryKey: ['mural'], queryFn: read });
    expect(read).toHaveBeenCalledTimes(1);
    expect(next.getQueryData(['mural'])).toEqual(['agora']);
  });

  it('saves what was read before it started', async () => {
    const client = new QueryClient();
    await client.fetchQuery({ queryKey: ['dashboard', 'cultivos'], queryFn: async () => ['c1'] });
    persistCache(client, 'user-1');
    await afterSave();
    const next = new QueryClient();
    await restoreCache(next, 'user-1');
    expect(next.getQueryData(['dashboard', 'cultivos'])).toEqual(['c1']);
  });

  it('offline, a read under way when the copy comes back does not cover it with its error', async () => {
    const first = new QueryClient();
    persistCache(first, 'user-1');
    await first.fetchQuery({ queryKey: ['grupos'], queryFn: async () => ['g1'] });
    await afterSave();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const next = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
    let fail: (err: Error) => void = () => undefined;
    const reading = next.fetchQuery({ queryKey: ['grupos'], queryFn: () => new Promise((_, reject) => (fail = reject)) }).catch(() => undefined);
    await restoreCache(next, 'user-1');
    fail(new Error('Failed to fetch'));
    await reading;
    expect(next.getQueryState(['grupos'])).toMatchObject({ status: 'success', data: ['g1'], error: null });
  });

  it('keeps neither failed reads nor the admin screens', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    persistCache(client, 'user-1');
    await client.fetchQuery({ queryKey: ['admin', 'usuarios'], queryFn: async () => ['todos'] });
    await client.fetchQuery({ queryKey: ['grupos'], queryFn: async () => ['g1'] });
    await client.fetchQuery({ queryKey: ['feed'], queryFn: async () => Promise.reject(new Error('offline')) }).catch(() => undefined);
    await afterSave();

    const next = new QueryClient();
    await restoreCache(next, 'user-1');
    expect(next.getQueryData(['grupos'])).toEqual(['g1']);
    expect(next.getQueryData(['admin', 'usuarios'])).toBeUndefined();
    expect(next.getQueryCache().find({ queryKey: ['feed'] })).toBeUndefined();
  });

  it('never replaces a newer reply with the saved one', async () => {
    const client = new QueryClient();
    persistCache(client, 'user-1');
    await client.fetchQuery({ queryKey: ['grupos'], queryFn: async () => ['antigo'] });
    await afterSave();

    vi.advanceTimersByTime(60_000);
    const next = new QueryClient();
    await next.fetchQuery({ queryKey: ['grupos'], queryFn: async () => ['novo'] });
    await restoreCache(next, 'user-1');
    expect(next.getQueryData(['grupos'])).toEqual(['novo']);
  });

  it('is gone after sign-out, and a copy two weeks old is not shown', async () => {
    const client = new QueryClient();
    persistCache(client, 'user-1');
    await client.fetchQuery({ queryKey: ['grupos'], queryFn: async () => ['g1'] });
    await afterSave();
    await clearCache('user-1');
    await expect(restoreCache(new QueryClient(), 'user-1')).resolves.toBe(false);

    await client.fetchQuery({ queryKey: ['grupos', 2], queryFn: async () => ['g2'] });
    await afterSave();
    vi.setSystemTime(Date.now() + 15 * 24 * 3600 * 1000);
    await expect(restoreCache(new QueryClient(), 'user-1')).resolves.toBe(false);
  });
});
