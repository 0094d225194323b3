import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { invalidate, useCreate, useCreateAt, useWrite } from '@/lib/mutations';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type {
  ComentarioCriado,
  ComentarioPage,
  CultivoPage,
  Curtida,
  DenunciaInput,
  DenunciaRegistrada,
  ItemModeracaoPage,
  MyGroupPage,
  PostCriado,
  PostEdit,
  PostInput,
  PostPage,
  Post,
} from '@/types/api';

// The feed (/api/feed, /api/posts, /api/groups/{id}/posts, /api/cultivos/{id}/posts) and the
// moderation queue (/api/admin/moderacao). Every write refreshes every feed read (one prefix).

export type FeedSource = { kind: 'comunidade' } | { kind: 'grupos' } | { kind: 'grupo'; id: string } | { kind: 'cultivo'; id: string };

function sourcePath(s: FeedSource): string {
  switch (s.kind) {
    case 'comunidade':
      return '/feed/comunidade';
    case 'grupos':
      return '/feed/grupos';
    case 'grupo':
      return `/groups/${enc(s.id)}/posts`;
    case 'cultivo':
      return `/cultivos/${enc(s.id)}/posts`;
  }
}

const sourceKey = (s: FeedSource) => queryKeys.feed.list(s.kind, 'id' in s ? s.id : '');

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
}

export function getPosts(s: FeedSource, cursor: string | null): Promise<PostPage> {
  return api.get<PostPage>(`${sourcePath(s)}${queryString({ limit: 20, cursor })}`);
}

export function usePosts(s: FeedSource) {
  return useCursorList({ queryKey: sourceKey(s), fetchPage: (cursor) => getPosts(s, cursor) });
}

/** The newest post of a source, polled every 30 s: a newer one than shown is the "new posts" hint. */
export function useNewestPost(s: FeedSource) {
  return useQuery({
    queryKey: [...sourceKey(s), 'newest'],
    queryFn: () => api.get<PostPage>(`${sourcePath(s)}${queryString({ limit: 1 })}`),
    refetchInterval: 30_000,
    select: (page) => page.items[0]?.id ?? null,
  });
}

/** One post (a notification's link, /feed?post=<id>). */
export function usePost(id: string) {
  return useQuery({ queryKey: [...queryKeys.feed.all, 'post', id], queryFn: () => api.get<Post>(`/posts/${enc(id)}`) });
}

export function useCreatePost() {
  return useCreateAt<PostInput, PostCriado>('/posts', refresh);
}

export function useEditPost(id: string) {
  return useWrite((input: PostEdit) => api.put<Post>(`/posts/${enc(id)}`, input), refresh);
}

export function useDeletePost() {
  return useWrite((id: string) => api.delete<void>(`/posts/${enc(id)}`), refresh);
}

export function useLike(post: Post) {
  return useWrite(
    () => (post.curtido ? api.delete<Curtida>(`/posts/${enc(post.id)}/curtida`) : api.put<Curtida>(`/posts/${enc(post.id)}/curtida`)),
    refresh,
  );
}

export function useComments(postId: string, enabled: boolean) {
  return useCursorList({
    queryKey: queryKeys.feed.comments(postId),
    fetchPage: (cursor) => api.get<ComentarioPage>(`/posts/${enc(postId)}/comentarios${queryString({ limit: 20, cursor })}`),
    enabled,
  });
}

export function useAddComment(postId: string) {
  const path = `/posts/${enc(postId)}/comentarios`;
  return useCreate((texto: string, keys) => api.create<ComentarioCriado>(path, { texto }, keys.keyFor(path, { texto })), refresh);
}

export function useDeleteComment(postId: string) {
  return useWrite((id: string) => api.delete<void>(`/posts/${enc(postId)}/comentarios/${enc(id)}`), refresh);
}

export function useDenunciar(postId: string, comentarioId?: string) {
  const path = comentarioId ? `/posts/${enc(postId)}/comentarios/${enc(comentarioId)}/denuncias` : `/posts/${enc(postId)}/denuncias`;
  return useCreateAt<DenunciaInput, DenunciaRegistrada>(path, refresh);
}

/** What the composer offers: my groups and my active cultivos. */
export function useComposerChoices() {
  const groups = useQuery({ queryKey: ['feed', 'composer', 'groups'], queryFn: () => api.get<MyGroupPage>('/me/groups?limit=100') });
  const cultivos = useQuery({ queryKey: ['feed', 'composer', 'cultivos'], queryFn: () => api.get<CultivoPage>('/cultivos?ativos=true&limit=100') });
  return { groups: groups.data?.items ?? [], cultivos: cultivos.data?.items ?? [] };
}

export function useModerationQueue() {
  return useCursorList({
    queryKey: queryKeys.feed.moderation,
    fetchPage: (cursor) => api.get<ItemModeracaoPage>(`/admin/moderacao${queryString({ limit: 20, cursor })}`),
  });
}

export function useModerate() {
  return useWrite(
    ({ postId, acao, comentarioId }: { postId: string; acao: 'manter' | 'remover' | 'remover_avisar'; comentarioId?: string | null }) =>
      api.post<void>(`/admin/moderacao/${enc(postId)}`, comentarioId ? { acao, comentarioId } : { acao }),
    invalidate(queryKeys.feed.all),
  );
}
