import { screen, waitFor } from '@testing-library/react';
import { clearAllStores } from '@/testing/idb-keyval-memory';
import { createQueryClient } from '@/lib/query-client';
import { queueSnapshot } from '@/lib/offline/queue';
import { restoreCache } from '@/lib/offline/persist';
import { QueryClient } from '@tanstack/react-query';

vi.mock('idb-keyval', () => import('@/testing/idb-keyval-memory'));
vi.mock('virtual:pwa-register', () => ({ registerSW: vi.fn() }));

beforeEach(() => {
  clearAllStores();
  // boot.tsx renders the device bar in a root of its own, outside testing-library's act().
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('what the device runs besides the screens', () => {
  it("follows the signed-in member: keeps their reads, drops them at sign-out, and shows the device bar", async () => {
    const client = createQueryClient();
    client.setQueryData(['me', 'user-1'], { id: 'user-1', nome: 'Maria' });
    await import('@/lib/pwa/boot');

    // The bar is there, quiet while there is nothing to say.
    expect(document.getElementById('verde-aparelho')).not.toBeNull();
    expect(screen.queryByText('Sem conexão.')).not.toBeInTheDocument();

    await client.fetchQuery({ queryKey: ['grupos'], queryFn: async () => ['g1'] });
    await waitFor(async () => expect(await restoreCache(new QueryClient(), 'user-1')).toBe(true));
    expect(queueSnapshot()).toEqual([]);

    // Sign-out clears the cache (auth-provider.tsx): the copy on the device goes too.
    client.clear();
    await waitFor(async () => expect(await restoreCache(new QueryClient(), 'user-1')).toBe(false));

    // The next member starts from nothing of the first's.
    client.setQueryData(['me', 'user-2'], { id: 'user-2', nome: 'João' });
    await expect(restoreCache(new QueryClient(), 'user-2')).resolves.toBe(false);
  });
});
