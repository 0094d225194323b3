import type { QueryClient } from '@tanstack/react-query';
import { useCreate } from '@/lib/mutations';
import { enc } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import { isQueued } from '@/lib/offline/queued';
import type { DiarioCriado, DiarioInput } from '@/types/api';

// A diary entry and what every cultivo write refreshes: on their own (not in api/cultivos.ts) so
// that the dashboard's cultivo cards, which offer "Reguei hoje", do not load the whole cultivos API
// before they draw (scripts/check-size.mjs counts the cards).

export const cultivoPath = (id: string) => `/cultivos/${enc(id)}`;

/** Every cultivo read (one prefix) and my profile (points and level), after a cultivo write. */
export function refreshAfterCultivoWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.cultivos.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
  // A conquista or a level may have come with the act: its notification and the progress.
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount });
  void queryClient.invalidateQueries({ queryKey: queryKeys.progress.all });
  // Points move the rankings (the dashboard's position this month among them).
  void queryClient.invalidateQueries({ queryKey: queryKeys.rankings.all });
}

/**
 * A create on cultivo `id` (its diario or colheitas), or, with no connection, the same create put
 * in the offline queue (the reply then isQueued), where label names the cultivo.
 */
export function useCreateOrQueue<TInput extends Record<string, unknown>, TReply>(id: string, kind: 'diario' | 'colheitas', label: string) {
  const path = `${cultivoPath(id)}/${kind}`;
  return useCreate(
    (input: TInput, keys) =>
      import('@/lib/offline/create-or-queue').then((q) =>
        q.createOrQueue<TReply>(path, input, keys.keyFor(path, input), { kind: kind === 'diario' ? 'diario' : 'colheita', cultivoId: id, label }),
      ),
    (queryClient, reply) => {
      if (!isQueued(reply)) refreshAfterCultivoWrite(queryClient);
    },
    // Run offline too (react-query would hold it until the network returns): it then queues.
    { networkMode: 'always' },
  );
}

/**
 * Adds a diary entry ("Reguei hoje" is one of tipo rega); label names the cultivo in the offline
 * queue, where the entry waits when there is no connection (the reply then isQueued).
 */
export function useAddDiario(id: string, label: string) {
  return useCreateOrQueue<DiarioInput, DiarioCriado>(id, 'diario', label);
}
