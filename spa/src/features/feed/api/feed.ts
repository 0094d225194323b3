import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { useCreateKeys } from '@/lib/idempotency';
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
  const queryClient = useQueryClient();
  const keys = useCreateKeys();
  return useMutation({
    mutationFn: (input: PostInput) => api.create<PostCriado>('/posts', input, keys.keyFor('/posts', input)),
    onSuccess: () => {
      keys.done();
      refresh(queryClient);
    },
  });
}

export function useEditPost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostEdit) => api.put<Post>(`/posts/${enc(id)}`, input),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/posts/${enc(id)}`),
    onSuccess: () => refresh(queryClient),
  });
}

export function useLike(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      post.curtido ? api.delete<Curtida>(`/posts/${enc(post.id)}/curtida`) : api.put<Curtida>(`/posts/${enc(post.id)}/curtida`),
    onSuccess: () => refresh(queryClient),
  });
}

export function useComments(postId: string, enabled: boolean) {
  return useCursorList({
    queryKey: queryKeys.feed.comments(postId),
    fetchPage: (cursor) => api.get<ComentarioPage>(`/posts/${enc(postId)}/comentarios${queryString({ limit: 20, cursor })}`),
    enabled,
  });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  const keys = useCreateKeys();
  const path = `/posts/${enc(postId)}/comentarios`;
  return useMutation({
    mutationFn: (texto: string) => api.create<ComentarioCriado>(path, { texto }, keys.keyFor(path, { texto })),
    onSuccess: () => {
      keys.done();
      refresh(queryClient);
    },
  });
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/posts/${enc(postId)}/comentarios/${enc(id)}`),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDenunciar(postId: string, comentarioId?: string) {
  const queryClient = useQueryClient();
  const keys = useCreateKeys();
  const path = comentarioId ? `/posts/${enc(postId)}/comentarios/${enc(comentarioId)}/denuncias` : `/posts/${enc(postId)}/denuncias`;
  return useMutation({
    mutationFn: (input: DenunciaInput) => api.create<DenunciaRegistrada>(path, input, keys.keyFor(path, input)),
    onSuccess: () => {
      keys.done();
      refresh(queryClient);
    },
  });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, acao, comentarioId }: { postId: string; acao: 'manter' | 'remover' | 'remover_avisar'; comentarioId?: string | null }) =>
      api.post<void>(`/admin/moderacao/${enc(postId)}`, comentarioId ? { acao, comentarioId } : { acao }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.feed.all }),
  });
}
