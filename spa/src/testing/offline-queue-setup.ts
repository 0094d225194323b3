import type { Mock } from 'vitest';
import { clearAllStores } from '@/testing/idb-keyval-memory';
import { setQueueUser } from '@/lib/offline/queue';

/**
 * The offline queue's tests (lib/offline): each test starts online, with empty stores, user-1's
 * queue and a fresh `uploadPrepared` (the test file's mock of lib/uploads). The test file still
 * mocks idb-keyval with the in-memory store. `net.online` is what navigator.onLine says.
 */
export function offlineQueueSetup(uploadPrepared: Mock) {
  const net = { online: true };
  beforeEach(async () => {
    net.online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => net.online);
    uploadPrepared.mockReset();
    clearAllStores();
    await setQueueUser('user-1');
  });
  return net;
}
