import { afterEach, describe, expect, it, vi } from 'vitest';
import { getConfig, inlineConfigId, loadConfig } from '@/lib/config';

const site = {
  region: 'sa-east-1',
  userPoolId: 'sa-east-1_abc',
  userPoolClientId: 'client',
  authFlowType: 'USER_SRP_AUTH',
  apiBase: '/api',
};

function pageWith(inline: string | null): Document {
  const doc = document.implementation.createHTMLDocument('Verde');
  if (inline !== null) {
    const script = doc.createElement('script');
    script.id = inlineConfigId;
    script.type = 'application/json';
    script.textContent = inline;
    doc.head.append(script);
  }
  return doc;
}

describe('loadConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the configuration written into index.html without fetching /config.json', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const config = await loadConfig(pageWith(JSON.stringify({ ...site, userPoolId: 'inline-pool' })));
    expect(config.userPoolId).toBe('inline-pool');
    expect(getConfig().userPoolId).toBe('inline-pool');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fetches /config.json when index.html carries none (the Vite dev server)', async () => {
    for (const doc of [pageWith(''), pageWith(null)]) {
      const fetchSpy = vi.fn(async () => new Response(JSON.stringify(site), { status: 200 }));
      vi.stubGlobal('fetch', fetchSpy);
      const config = await loadConfig(doc);
      expect(config.userPoolId).toBe('sa-east-1_abc');
      expect(fetchSpy).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    }
  });

  it('fails on a /config.json that does not load', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 404 })));
    await expect(loadConfig(pageWith(null))).rejects.toThrow('config.json: HTTP 404');
  });
});
