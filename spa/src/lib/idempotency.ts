import { useMemo, useRef } from 'react';

// Every create the SPA sends carries an Idempotency-Key (shared/api/openapi.yaml): the server
// takes it in the act's own transaction and answers a repeat with the first answer. The key
// belongs to one intended create: the same request (path and body) sent again, by a double
// click or a retry after a lost answer, reuses it; a different request, or one after the
// previous create succeeded, gets a fresh one.

/** A fresh key: a random UUID (crypto.randomUUID needs a secure context, so a fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export interface CreateKeys {
  /** The key for this request: the last one again when path and body are the same. */
  keyFor(path: string, body?: unknown): string;
  /** The create succeeded: the next one is another create. */
  done(): void;
}

/** One create's keys, for a mutation hook (see useCreateGroup). */
export function useCreateKeys(): CreateKeys {
  const last = useRef<{ signature: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(path, body) {
        const signature = `${path}\n${JSON.stringify(body ?? null)}`;
        if (last.current?.signature !== signature) last.current = { signature, key: newIdempotencyKey() };
        return last.current.key;
      },
      done() {
        last.current = null;
      },
    }),
    [],
  );
}
