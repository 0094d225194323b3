import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UnreadCount } from '@/types/api';

export const unreadCountRefreshMs = 20_000;

let firstFrom: (() => Promise<UnreadCount>) | undefined;

/**
 * The next count is taken from `from` instead of the count's own request, once: /dashboard's one
 * reply carries the first count (app/layouts/main-layout.tsx).
 */
export function takeFirstCountFrom(from: () => Promise<UnreadCount>) {
  firstFrom = from;
}

export function getUnreadCount(): Promise<UnreadCount> {
  const from = firstFrom;
  firstFrom = undefined;
  return from ? from() : api.get<UnreadCount>('/notifications/unread-count');
}

/** The unread badge's count: one GetItem server-side, polled every 20 s and on window focus. */
export function useUnreadCount(enabled = true) {
  const query = useQuery({
    queryKey: queryKeys.notifications.unreadCount,
    queryFn: getUnreadCount,
    enabled,
    // Fresh for 5 s: the count prefetched with GET /api/me at sign-in (app/provider.tsx) is not
    // asked for again when the shell mounts a moment later.
    staleTime: 5_000,
    refetchInterval: unreadCountRefreshMs,
    refetchOnWindowFocus: true,
  });

  // react-query's own "focus" is the tab becoming visible; a window brought back to the front
  // while it stayed visible counts here too.
  const { refetch } = query;
  useEffect(() => {
    if (!enabled) return;
    const onFocus = () => void refetch({ cancelRefetch: false });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [enabled, refetch]);

  useEffect(() => {
    if (query.error) console.error('Erro ao escutar notificações', query.error);
  }, [query.error]);

  // A new notification means something changed elsewhere (a join request approved, a lote
  // assigned, a report resolved): the screens' reads of groups and notifications are read again,
  // so the page on screen shows it without a reload.
  const queryClient = useQueryClient();
  const count = query.data?.count;
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (last.current !== undefined && count > last.current) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list });
    }
    last.current = count;
  }, [count, queryClient]);

  return query.data?.count ?? 0;
}
