import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { TabNav } from '@/components/ui/tab-nav';
import { Composer } from '@/features/feed/components/composer';
import { PostList } from '@/features/feed/components/post-list';
import { SinglePost } from '@/features/feed/components/single-post';

export function Component() {
  const [params] = useSearchParams();
  const aba = params.get('aba') === 'grupos' ? 'grupos' : 'comunidade';
  const postId = params.get('post');
  if (postId) {
    return (
      <>
        <PageHeader title="Feed" />
        <SinglePost key={postId} id={postId} />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Feed" />
      <TabNav
        label="Feeds"
        items={[
          { to: '/feed', label: 'Comunidade', current: aba === 'comunidade', replace: true },
          { to: '/feed?aba=grupos', label: 'Meus grupos', current: aba === 'grupos', replace: true },
        ]}
      />
      <Composer aba={aba} />
      {aba === 'comunidade' ? (
        <PostList key="comunidade" source={{ kind: 'comunidade' }} empty="Seja a primeira pessoa a publicar para a comunidade." />
      ) : (
        <PostList key="grupos" source={{ kind: 'grupos' }} empty="Os posts dos seus grupos aparecem aqui." />
      )}
    </>
  );
}
