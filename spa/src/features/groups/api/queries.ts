import { api } from '@/lib/api-client';
import { queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { MyGroupPage } from '@/types/api';

/** How many of my groups the dashboard shows. */
export const dashboardGroupsShown = 5;

/** The dashboard's "Meus grupos": my first groups with my role (GET /api/me/groups?limit=5). */
export const dashboardGroupsQuery = {
  queryKey: queryKeys.dashboard.groups,
  queryFn: () => api.get<MyGroupPage>(`/me/groups${queryString({ limit: dashboardGroupsShown })}`),
};
