import { useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@/types/api';

// The one way to read a cursor-paginated list ({items, nextCursor}, as every list route of the API answers): pages are
// fetched with react-query's useInfiniteQuery, each asking for the cursor the one before gave,
// and `data` is the items of every page read so far, in order.

function allItems<T>(data: InfiniteData<Page<T>, string | null>): T[] {
  return data.pages.flatMap((page) => page.items);
}

export function useCursorList<T>({
  queryKey,
  fetchPage,
  enabled = true,
}: {
  queryKey: QueryKey;
  /** The page after `cursor` (null: the first page). */
  fetchPage: (cursor: string | null) => Promise<Page<T>>;
  enabled?: boolean;
}) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: allItems<T>,
    enabled,
  });
}

/**
 * Writes `item` over the item with its id in every cached list under `key`, at once. A write
 * answers with the item as it now is (its new `version`); putting it in the lists means a second
 * write started before they are read again (archive right after an edit) sends that version
 * instead of the old one and its 409. The caller still refetches the lists for order and totals.
 */
export function replaceInLists<T extends { id: string }>(client: QueryClient, key: QueryKey, item: T) {
  client.setQueriesData<InfiniteData<Page<T>, string | null>>({ queryKey: key }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((x) => (x.id === item.id ? item : x)) })) } : data,
  );
}
