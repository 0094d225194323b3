import { getConfig } from '@/lib/config';
import { amplifyRequested, loadAmplify, mayHaveSession } from '@/lib/auth/amplify-loader';
import { storedAccessToken } from '@/lib/auth/stored-session';
import type { components } from '@/types/api.gen';

// The one way the SPA talks to the API: adds the Cognito access token, turns the error envelope
// {"error":{"code","message","field"}} into an ApiError with a Portuguese message, and retries
// only reads (GET) after a network failure or a 5xx. Writes are never retried: a POST that timed
// out may have happened, and sending it again could apply it twice.

/** The error envelope's codes (shared/api/openapi.yaml), and 'network' when no answer came. */
export type ApiErrorCode = components['schemas']['Error']['error']['code'] | 'network';

const messages: Record<ApiErrorCode, string> = {
  validation: 'Dados inválidos. Revise os campos e tente novamente.',
  unauthenticated: 'Sua sessão expirou. Entre novamente.',
  forbidden: 'Você não tem permissão para fazer isso.',
  not_found: 'Não encontrado.',
  unsupported_media_type: 'O servidor não entendeu o formato dos dados enviados.',
  conflict: 'Os dados foram alterados por outra pessoa. Recarregue a página e tente novamente.',
  rate_limited: 'Muitas solicitações em pouco tempo. Aguarde um instante e tente novamente.',
  internal: 'Erro interno do servidor. Tente novamente em instantes.',
  unavailable: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  network: 'Não foi possível falar com o servidor. Verifique sua conexão e tente novamente.',
};

// The server writes these codes' messages for the user, in Portuguese (shared/domain);
// for the others the client's own text is clearer than whatever reached it.
// A 429 with the envelope is a per-member daily cap whose message says which; without one
// (API Gateway's throttle) the client's own text is used.
const serverWorded = new Set<ApiErrorCode>(['validation', 'not_found', 'conflict', 'forbidden', 'rate_limited']);

const codeByStatus: Record<number, ApiErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  415: 'unsupported_media_type',
  409: 'conflict',
  422: 'validation',
  429: 'rate_limited',
  503: 'unavailable',
};

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly field?: string;
  readonly requestId?: string;

  constructor(init: { status: number; code: ApiErrorCode; message: string; field?: string; requestId?: string }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field || undefined;
    this.requestId = init.requestId;
  }
}

function isKnownCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && code in messages;
}

/** Builds the ApiError for a failed response from its status and (maybe) its error envelope. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const detail =
    body && typeof body === 'object' && 'error' in body && body.error && typeof body.error === 'object'
      ? (body.error as Record<string, unknown>)
      : {};
  const code: ApiErrorCode = isKnownCode(detail.code)
    ? detail.code
    : (codeByStatus[status] ?? (status >= 500 ? 'internal' : 'validation'));
  const serverMessage = typeof detail.message === 'string' ? detail.message.trim() : '';
  return new ApiError({
    status,
    code,
    message: serverWorded.has(code) && serverMessage ? serverMessage : messages[code],
    field: typeof detail.field === 'string' ? detail.field : undefined,
    requestId: typeof detail.requestId === 'string' ? detail.requestId : undefined,
  });
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** A create's Idempotency-Key (lib/idempotency.ts). */
  idempotencyKey?: string;
  /** Send body (a string) as is with this Content-Type instead of as JSON (a CSV file). */
  contentType?: string;
}

/** Delays between GET attempts; a GET is tried at most retryDelaysMs.length + 1 times. */
export const retryDelaysMs = [300, 1000];

async function accessToken(): Promise<string | undefined> {
  // A signed-out visitor on a public page asks anonymously, without loading Amplify.
  if (!amplifyRequested() && !mayHaveSession()) return undefined;
  // A stored token with more than a minute left needs no Amplify (lib/auth/stored-session.ts).
  const stored = storedAccessToken();
  if (stored) return stored;
  try {
    return await (await loadAmplify()).accessToken();
  } catch {
    return undefined;
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How long a read the page's preload script started stays usable. */
export const earlyReadMaxAgeMs = 30_000;

/**
 * A read the page's preload script (vite.config.ts, routePreload) started before the app ran,
 * with the stored access token of the session: the landing route's first reads (the dashboard's
 * GET /api/me and its cards') travel while the JavaScript downloads. Each is used once, by the
 * first GET of exactly that path within earlyReadMaxAgeMs; one that failed is asked for again.
 */
async function takeEarlyRead(path: string): Promise<Response | undefined> {
  const early = (window as { __verdeEarly?: { at: number; reads: Record<string, Promise<Response> | undefined> } }).__verdeEarly;
  const read = early?.reads[path];
  if (!early || !read) return undefined;
  delete early.reads[path];
  if (Date.now() - early.at > earlyReadMaxAgeMs) return undefined;
  return read.catch(() => undefined);
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const url = getConfig().apiBase + path;
  const retries = method === 'GET' ? retryDelaysMs : [];
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    const early = method === 'GET' && attempt === 0 ? await takeEarlyRead(path) : undefined;
    if (early) {
      res = early;
    } else {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const token = await accessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
      try {
        res = await fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : options.contentType ? String(options.body) : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (err) {
        if (options.signal?.aborted) throw err;
        if (attempt < retries.length) {
          await wait(retries[attempt]!, options.signal);
          continue;
        }
        throw new ApiError({ status: 0, code: 'network', message: messages.network });
      }
    }

    if (res.ok) return (await readJson(res)) as T;
    if (res.status >= 500 && attempt < retries.length) {
      await wait(retries[attempt]!, options.signal);
      continue;
    }
    throw errorFromResponse(res.status, await readJson(res));
  }
}

/**
 * A file the API answers (a report's CSV, an .ics), as a Blob to save: the same token and error
 * envelope as every other request, no retry.
 */
export async function apiFile(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = await accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(getConfig().apiBase + path, { headers });
  } catch {
    throw new ApiError({ status: 0, code: 'network', message: messages.network });
  }
  if (!res.ok) throw errorFromResponse(res.status, await readJson(res));
  return res.blob();
}

/** Saves blob as a file named name (the browser's download). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  /** A create (POST) with its Idempotency-Key: safe to send again, it happens once. */
  create: <T>(path: string, body: unknown, idempotencyKey: string) =>
    apiRequest<T>('POST', path, { body, idempotencyKey }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
