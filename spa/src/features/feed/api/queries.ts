import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { PostPage } from '@/types/api';

/** How many posts of my groups the dashboard shows. */
export const dashboardPostsShown = 3;

/** The dashboard's "Publicações dos meus grupos": the newest of the feed's "Meus grupos" view. */
export const dashboardPostsQuery = {
  queryKey: queryKeys.dashboard.groupPosts,
  queryFn: () => api.get<PostPage>(`/feed/grupos${queryString({ limit: dashboardPostsShown })}`),
};
