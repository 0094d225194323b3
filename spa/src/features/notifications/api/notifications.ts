import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type { MarkedAll, NotificationPage, UnreadCount } from '@/types/api';

// The notifications page (/api/notifications): unread first, newest first; mark one, mark all.

export function getNotifications(cursor: string | null): Promise<NotificationPage> {
  return api.get<NotificationPage>(`/notifications${queryString({ limit: 20, cursor })}`);
}

export function useNotifications() {
  return useCursorList({ queryKey: queryKeys.notifications.list, fetchPage: getNotifications });
}

type Pages = InfiniteData<NotificationPage, string | null>;

/** Marks read in the cached list and takes n off the cached count: the bell drops at once. */
function markInCache(qc: ReturnType<typeof useQueryClient>, ids: string[] | 'all') {
  let changed = 0;
  qc.setQueryData<Pages>(queryKeys.notifications.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((n) => {
              if (n.read || (ids !== 'all' && !ids.includes(n.id))) return n;
              changed++;
              return { ...n, read: true };
            }),
          })),
        }
      : data,
  );
  qc.setQueryData<UnreadCount>(queryKeys.notifications.unreadCount, (c) =>
    c ? { count: ids === 'all' ? 0 : Math.max(0, c.count - Math.max(changed, 0)) } : c,
  );
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/notifications/${enc(id)}/read`),
    onMutate: (id) => markInCache(qc, [id]),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MarkedAll>('/notifications/read-all'),
    onSuccess: () => markInCache(qc, 'all'),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
