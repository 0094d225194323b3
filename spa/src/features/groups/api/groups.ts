import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCreate, useWrite } from '@/lib/mutations';
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
  return useCreate(
    (input: GroupInput, keys) => createGroup(input, keys.keyFor('/groups', input)),
    (queryClient, group) => {
      queryClient.setQueryData(queryKeys.groups.detail(group.id), group);
      invalidateMembership(queryClient, group.id);
    },
  );
}

export function updateGroup(groupId: string, update: GroupUpdate): Promise<GroupDetail> {
  return api.patch<GroupDetail>(`/groups/${enc(groupId)}`, update);
}

export function useUpdateGroup(groupId: string) {
  return useWrite((update: GroupUpdate) => updateGroup(groupId, update), (queryClient) => refreshGroupViews(queryClient, groupId));
}

export function deleteGroup(groupId: string): Promise<void> {
  return api.delete<void>(`/groups/${enc(groupId)}`);
}

export function useDeleteGroup(groupId: string) {
  return useWrite(
    () => deleteGroup(groupId),
    (queryClient) => {
      queryClient.removeQueries({ queryKey: queryKeys.groups.group(groupId) });
      invalidateMembership(queryClient, groupId);
    },
  );
}

export function joinGroup(groupId: string, idempotencyKey: string): Promise<JoinReply> {
  return api.create<JoinReply>(`/groups/${enc(groupId)}/join`, undefined, idempotencyKey);
}

/** Joins an open group, or asks to join one that takes approval. */
export function useJoinGroup() {
  return useCreate(
    (groupId: string, keys) => joinGroup(groupId, keys.keyFor(`join/${groupId}`)),
    (queryClient, _reply, groupId) => invalidateMembership(queryClient, groupId),
  );
}

export function getPublicGroup(groupId: string): Promise<PublicGroup> {
  return api.get<PublicGroup>(`/groups/${enc(groupId)}/public`);
}

export function usePublicGroup(groupId: string) {
  return useQuery({ queryKey: queryKeys.groups.publicPage(groupId), queryFn: () => getPublicGroup(groupId) });
}
