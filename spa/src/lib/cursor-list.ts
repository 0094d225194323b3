import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@/types/api';

// The one way to read a cursor-paginated list ({items, nextCursor}, DESIGN §2): pages are
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
