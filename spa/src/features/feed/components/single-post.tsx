import { Link } from 'react-router-dom';
import { QueryState } from '@/components/ui/query-states';
import { usePost } from '@/features/feed/api/feed';
import { PostCard } from '@/features/feed/components/post-card';
import '@/features/feed/feed.css';

/** /feed?post=<id>: the post a notification points to, with its comments open. */
export function SinglePost({ id }: { id: string }) {
  const post = usePost(id);
  return (
    <section className="feed-list" aria-label="Post">
      <p>
        <Link to="/feed">← Voltar ao feed</Link>
      </p>
      <QueryState query={post} loader="Carregando post..." errorTitle="Não foi possível abrir este post">
        {(data) => <PostCard post={data} commentsOpen />}
      </QueryState>
    </section>
  );
}
