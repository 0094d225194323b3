import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCreateKeys } from '@/lib/idempotency';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys, type DirectorySearch } from '@/lib/query-keys';
import type {
  GroupDetail,
  GroupInput,
  GroupSummaryPage,
  GroupUpdate,
  JoinReply,
  MyGroupPage,
  PublicGroup,
} from '@/types/api';

// Groups themselves: my groups, the directory, one group, create, edit, delete, join, and the
// public page. Lists are cursor pages ({items, nextCursor}) read with useCursorList.

const pageSize = 20;

/** After a change of group fields, every list and page that shows them is stale. */
function refreshGroupViews(queryClient: QueryClient, groupId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.group(groupId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.mine });
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.publicPage(groupId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.groups.directoryAll });
}

/** After a change of membership the profile's gruposParticipantes (and points) changed too. */
export function invalidateMembership(queryClient: QueryClient, groupId: string) {
  refreshGroupViews(queryClient, groupId);
  void queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
}

export function getMyGroups(cursor: string | null): Promise<MyGroupPage> {
  return api.get<MyGroupPage>(`/me/groups${queryString({ limit: pageSize, cursor })}`);
}

export function useMyGroups() {
  return useCursorList({ queryKey: queryKeys.groups.mine, fetchPage: getMyGroups });
}

export function getDirectory(search: DirectorySearch, cursor: string | null): Promise<GroupSummaryPage> {
  return api.get<GroupSummaryPage>(
    `/groups${queryString({ q: search.q, cidade: search.cidade, uf: search.uf, limit: pageSize, cursor })}`,
  );
}

export function useDirectory(search: DirectorySearch) {
  return useCursorList({ queryKey: queryKeys.groups.directory(search), fetchPage: (cursor) => getDirectory(search, cursor) });
}

export function getGroup(groupId: string): Promise<GroupDetail> {
  return api.get<GroupDetail>(`/groups/${enc(groupId)}`);
}

export function useGroup(groupId: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.groups.detail(groupId), queryFn: () => getGroup(groupId), enabled: enabled && !!groupId });
}

export function createGroup(input: GroupInput, idempotencyKey: string): Promise<GroupDetail> {
  return api.create<GroupDetail>('/groups', input, idempotencyKey);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  const keys = useCreateKeys();
  return useMutation({
    mutationFn: (input: GroupInput) => createGroup(input, keys.keyFor('/groups', input)),
    onSuccess: (group) => {
      keys.done();
      queryClient.setQueryData(queryKeys.groups.detail(group.id), group);
      invalidateMembership(queryClient, group.id);
    },
  });
}

export function updateGroup(groupId: string, update: GroupUpdate): Promise<GroupDetail> {
  return api.patch<GroupDetail>(`/groups/${enc(groupId)}`, update);
}

export function useUpdateGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: GroupUpdate) => updateGroup(groupId, update),
    onSuccess: () => refreshGroupViews(queryClient, groupId),
  });
}

export function deleteGroup(groupId: string): Promise<void> {
  return api.delete<void>(`/groups/${enc(groupId)}`);
}

export function useDeleteGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGroup(groupId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.groups.group(groupId) });
      invalidateMembership(queryClient, groupId);
    },
  });
}

export function joinGroup(groupId: string, idempotencyKey: string): Promise<JoinReply> {
  return api.create<JoinReply>(`/groups/${enc(groupId)}/join`, undefined, idempotencyKey);
}

/** Joins an open group, or asks to join one that takes approval. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  const keys = useCreateKeys();
  return useMutation({
    mutationFn: (groupId: string) => joinGroup(groupId, keys.keyFor(`join/${groupId}`)),
    onSuccess: (_reply, groupId) => {
      keys.done();
      invalidateMembership(queryClient, groupId);
    },
  });
}

export function getPublicGroup(groupId: string): Promise<PublicGroup> {
  return api.get<PublicGroup>(`/groups/${enc(groupId)}/public`);
}

export function usePublicGroup(groupId: string) {
  return useQuery({ queryKey: queryKeys.groups.publicPage(groupId), queryFn: () => getPublicGroup(groupId) });
}
