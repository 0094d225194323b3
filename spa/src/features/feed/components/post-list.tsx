import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { FeedIcon } from '@/components/ui/icons';
import { ErrorState, LoadMore, SectionLoader } from '@/components/ui/query-states';
import { queryKeys } from '@/lib/query-keys';
import { useNewestPost, usePosts, type FeedSource } from '@/features/feed/api/feed';
import { PostCard } from '@/features/feed/components/post-card';
import '@/features/feed/feed.css';

/** A feed: posts newest first, "load more" (also on reaching the end), and a hint when newer posts exist. */
export function PostList({ source, empty, canModerate = false }: { source: FeedSource; empty: string; canModerate?: boolean }) {
  const list = usePosts(source);
  const newest = useNewestPost(source);
  const queryClient = useQueryClient();
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <SectionLoader label="Carregando posts..." />;
  if (list.isError) return <ErrorState title="Não foi possível carregar os posts" error={list.error} onRetry={() => void list.refetch()} />;
  const shown = list.data[0]?.id ?? null;
  const hasNewer = newest.data != null && newest.data !== shown && !list.isFetching;
  return (
    <section className="feed-list" aria-label="Posts">
      {hasNewer && (
        <button type="button" className="button button-secondary feed-new" onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all })}>
          Há posts novos · mostrar
        </button>
      )}
      {list.data.length === 0 ? (
        <EmptyState icon={<FeedIcon />} title="Nenhum post ainda">
          <p>{empty}</p>
        </EmptyState>
      ) : (
        list.data.map((p) => <PostCard key={p.id} post={p} canModerate={canModerate} />)
      )}
      <div ref={end} />
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </section>
  );
}
