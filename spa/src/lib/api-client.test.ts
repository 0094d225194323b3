import { ApiError, api, errorFromResponse, retryDelaysMs } from '@/lib/api-client';
import { json, stubApi } from '@/testing/test-utils';

describe('error envelope → ApiError', () => {
  it('keeps the server’s Portuguese message and field for validation errors', () => {
    const err = errorFromResponse(400, { error: { code: 'validation', message: 'O nome é obrigatório', field: 'nome' } });
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation', message: 'O nome é obrigatório', field: 'nome' });
  });

  it.each([
    [401, 'unauthenticated', 'Sua sessão expirou. Entre novamente.'],
    [500, 'internal', 'Erro interno do servidor. Tente novamente em instantes.'],
  ])('%i %s gets the client’s Portuguese text', (status, code, message) => {
    const err = errorFromResponse(status, { error: { code, message: 'whatever reached us' } });
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
  });

  it('maps a response without an envelope by its status', () => {
    expect(errorFromResponse(404, undefined)).toMatchObject({ code: 'not_found', message: 'Não encontrado.' });
    expect(errorFromResponse(403, 'nope')).toMatchObject({ code: 'forbidden', message: 'Você não tem permissão para fazer isso.' });
    expect(errorFromResponse(502, undefined).code).toBe('internal');
  });

  it('shows the server\'s message of a daily cap (429 with the envelope) and its own text for the gateway\'s throttle', () => {
    const cap = 'Você atingiu o limite de 5 grupos criados por dia. Tente novamente amanhã';
    expect(errorFromResponse(429, { error: { code: 'rate_limited', message: cap } })).toMatchObject({ code: 'rate_limited', message: cap });
    expect(errorFromResponse(429, { message: 'Too Many Requests' })).toMatchObject({
      code: 'rate_limited', message: 'Muitas solicitações em pouco tempo. Aguarde um instante e tente novamente.',
    });
  });

  it('gives unavailable (503) and unsupported_media_type (415) their own Portuguese text', () => {
    expect(errorFromResponse(503, { error: { code: 'unavailable', message: 'x' } })).toMatchObject({
      code: 'unavailable', message: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
    });
    expect(errorFromResponse(503, undefined).code).toBe('unavailable');
    expect(errorFromResponse(415, undefined).code).toBe('unsupported_media_type');
  });

  it('keeps the request id for support', () => {
    expect(errorFromResponse(500, { error: { code: 'internal', message: 'x', requestId: 'req-1' } }).requestId).toBe('req-1');
  });
});

describe('apiRequest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends JSON to apiBase and returns the parsed answer', async () => {
    const fetchMock = stubApi({ 'PUT /api/me': (init) => json({ echoed: JSON.parse(String(init?.body)) }) });
    await expect(api.put('/me', { nome: 'Ana' })).resolves.toEqual({ echoed: { nome: 'Ana' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me');
    expect(init).toMatchObject({ method: 'PUT', headers: expect.objectContaining({ 'Content-Type': 'application/json' }) });
  });

  it('retries a GET after a 5xx and succeeds', async () => {
    let calls = 0;
    stubApi({ 'GET /api/me': () => (++calls < 3 ? json({ error: { code: 'internal', message: 'x' } }, 503) : json({ ok: true })) });
    const result = api.get('/me');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('gives up on a GET after its retries, with the internal message', async () => {
    let calls = 0;
    stubApi({ 'GET /api/me': () => (calls++, json({ error: { code: 'internal', message: 'x' } }, 500)) });
    const result = api.get('/me').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ code: 'internal', status: 500 });
    expect(calls).toBe(retryDelaysMs.length + 1);
  });

  it('retries a GET after a network failure, then reports it in Portuguese', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    stubApi();
    vi.stubGlobal('fetch', fetchMock);
    const result = api.get('/me').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({
      code: 'network',
      message: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
    });
    expect(fetchMock).toHaveBeenCalledTimes(retryDelaysMs.length + 1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    let calls = 0;
    stubApi({ [`${method} /api/x`]: () => (calls++, json({ error: { code: 'internal', message: 'x' } }, 503)) });
    const call =
      method === 'POST' ? api.post('/x', {}) : method === 'PUT' ? api.put('/x', {}) : method === 'PATCH' ? api.patch('/x', {}) : api.delete('/x');
    const result = call.catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ code: 'internal' });
    expect(calls).toBe(1);
  });

  it('never retries a write that failed on the network', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    stubApi();
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/x', {})).rejects.toMatchObject({ code: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 4xx GET', async () => {
    let calls = 0;
    stubApi({ 'GET /api/x': () => (calls++, json({ error: { code: 'not_found', message: 'Grupo não encontrado' } }, 404)) });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'not_found', message: 'Grupo não encontrado' });
    expect(calls).toBe(1);
  });
});

describe('reads the page started early (window.__verdeEarly, vite.config.ts routePreload)', () => {
  type Early = { at: number; reads: Record<string, Promise<Response> | undefined> };
  const early = (reads: Early['reads'], at = Date.now()) => ((window as unknown as { __verdeEarly?: Early }).__verdeEarly = { at, reads });
  afterEach(() => delete (window as unknown as { __verdeEarly?: Early }).__verdeEarly);

  it('answers the first GET of exactly that path with it, once; the next one asks the API', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => json({ nome: 'da API' }) });
    early({ '/me': Promise.resolve(json({ nome: 'antecipado' })) });
    expect(await api.get('/me')).toEqual({ nome: 'antecipado' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.get('/me')).toEqual({ nome: 'da API' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not used by another path, another method, or after it is too old', async () => {
    const fetchMock = stubApi({ 'GET /api/me/groups': () => json({ items: [] }), 'GET /api/me': () => json({ nome: 'da API' }) });
    early({ '/me': Promise.resolve(json({ nome: 'antecipado' })) });
    expect(await api.get('/me/groups?limit=5')).toEqual({ items: [] });
    early({ '/me': Promise.resolve(json({ nome: 'antecipado' })) }, Date.now() - 31_000);
    expect(await api.get('/me')).toEqual({ nome: 'da API' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early read failed on the network, and retries a 5xx like any GET', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => json({ nome: 'da API' }) });
    early({ '/me': Promise.reject(new TypeError('Failed to fetch')) });
    expect(await api.get('/me')).toEqual({ nome: 'da API' });
    early({ '/me': Promise.resolve(json({ error: { code: 'internal', message: 'x' } }, 500)) });
    expect(await api.get('/me')).toEqual({ nome: 'da API' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
