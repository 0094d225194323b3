import { useMutation, useQueryClient, type NetworkMode, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCreateKeys, type CreateKeys } from '@/lib/idempotency';

// The one shape of the features' write hooks (their api/ folders): react-query's useMutation
// runs the write, then `after` refreshes what it changed (invalidates reads, puts the reply in the
// cache). A create also carries its Idempotency-Key (lib/idempotency.ts).

/** What a write refreshes: given the query client, the reply (none when it failed: on 'settled') and the input. */
export type After<TReply, TInput> = (client: QueryClient, reply: TReply, input: TInput) => void;

export interface WriteOptions {
  /** When `after` runs: once the write succeeds (the default), or once it ends either way. */
  on?: 'success' | 'settled';
  /** 'always': run with no connection too (a write that queues offline). */
  networkMode?: NetworkMode;
}

function useWriteWith<TInput, TReply>(
  write: (input: TInput) => Promise<TReply>,
  after: After<TReply, TInput>,
  { on = 'success', networkMode }: WriteOptions,
  succeeded?: () => void,
) {
  const client = useQueryClient();
  return useMutation<TReply, Error, TInput>({
    networkMode,
    mutationFn: write,
    onSuccess: (reply: TReply, input: TInput) => {
      succeeded?.();
      if (on === 'success') after(client, reply, input);
    },
    onSettled: (reply: TReply | undefined, _error: Error | null, input: TInput) => {
      if (on === 'settled') after(client, reply as TReply, input);
    },
  });
}

/** A write (PUT, POST, DELETE …); `after` refreshes what it changed. */
export function useWrite<TInput = void, TReply = unknown>(
  write: (input: TInput) => Promise<TReply>,
  after: After<TReply, TInput>,
  options: WriteOptions = {},
) {
  return useWriteWith(write, after, options);
}

/**
 * A create: `create` sends it with `keys.keyFor(request)`, the same key for a repeat of the same
 * request (a double click, a retry); once it succeeds the next one is another create.
 */
export function useCreate<TInput = void, TReply = unknown>(
  create: (input: TInput, keys: CreateKeys) => Promise<TReply>,
  after: After<TReply, TInput>,
  options: WriteOptions = {},
) {
  const keys = useCreateKeys();
  return useWriteWith((input: TInput) => create(input, keys), after, options, keys.done);
}

/** The usual create: the input is the body POSTed to `path` (api.create). */
export function useCreateAt<TInput, TReply>(path: string, after: After<TReply, TInput>, options: WriteOptions = {}) {
  return useCreate((body: TInput, keys) => api.create<TReply>(path, body, keys.keyFor(path, body)), after, options);
}

/** An `after` that invalidates these reads (each a key prefix). */
export function invalidate(...keys: readonly (readonly unknown[])[]): After<unknown, unknown> {
  return (client) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };
}
