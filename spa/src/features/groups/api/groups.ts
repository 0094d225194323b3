import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, groupKeys, queryString, type DirectorySearch } from '@/features/groups/api/query-keys';
import type { GroupDetail, GroupSummary, JoinReply, MyGroup, Page, PublicGroup } from '@/features/groups/types';

// Groups themselves: my groups, the directory, one group, create, edit, delete, join, and the
// public page. Lists are cursor pages ({items, nextCursor}) read with useInfiniteQuery.

export const pageSize = 20;

/** After a change of membership the profile's gruposParticipantes (and points) changed too. */
export function invalidateMembership(queryClient: QueryClient, groupId: string) {
  void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: groupKeys.publicPage(groupId) });
  void queryClient.invalidateQueries({ queryKey: ['groups', 'directory'] });
  void queryClient.invalidateQueries({ queryKey: ['me'] });
}

export function getMyGroups(cursor: string | null): Promise<Page<MyGroup>> {
  return api.get<Page<MyGroup>>(`/me/groups${queryString({ limit: pageSize, cursor })}`);
}

export function useMyGroups() {
  return useInfiniteQuery({
    queryKey: groupKeys.mine(),
    queryFn: ({ pageParam }) => getMyGroups(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function getDirectory(search: DirectorySearch, cursor: string | null): Promise<Page<GroupSummary>> {
  return api.get<Page<GroupSummary>>(
    `/groups${queryString({ q: search.q, cidade: search.cidade, uf: search.uf, limit: pageSize, cursor })}`,
  );
}

export function useDirectory(search: DirectorySearch) {
  return useInfiniteQuery({
    queryKey: groupKeys.directory(search),
    queryFn: ({ pageParam }) => getDirectory(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function getGroup(groupId: string): Promise<GroupDetail> {
  return api.get<GroupDetail>(`/groups/${enc(groupId)}`);
}

export function useGroup(groupId: string) {
  return useQuery({ queryKey: groupKeys.detail(groupId), queryFn: () => getGroup(groupId) });
}

export interface GroupInput {
  nome: string;
  descricao: string;
  cidade: string;
  uf: string;
  fotoCapa: string | null;
  visibilidade: GroupDetail['visibilidade'];
  entrada: GroupDetail['entrada'];
  maxMembros: number;
}

export function createGroup(input: GroupInput): Promise<GroupDetail> {
  return api.post<GroupDetail>('/groups', input);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      invalidateMembership(queryClient, group.id);
    },
  });
}

/** PATCH body: the fields that changed and the version the editor read (409 if it moved on). */
export type GroupUpdate = Partial<Omit<GroupInput, 'fotoCapa'>> & { fotoCapa?: string; version: number };

export function updateGroup(groupId: string, update: GroupUpdate): Promise<GroupDetail> {
  return api.patch<GroupDetail>(`/groups/${enc(groupId)}`, update);
}

export function useUpdateGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: GroupUpdate) => updateGroup(groupId, update),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) });
      void queryClient.invalidateQueries({ queryKey: groupKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.publicPage(groupId) });
      void queryClient.invalidateQueries({ queryKey: ['groups', 'directory'] });
    },
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
      queryClient.removeQueries({ queryKey: groupKeys.group(groupId) });
      invalidateMembership(queryClient, groupId);
    },
  });
}

export function joinGroup(groupId: string): Promise<JoinReply> {
  return api.post<JoinReply>(`/groups/${enc(groupId)}/join`);
}

/** Joins an open group, or asks to join one that takes approval. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinGroup,
    onSuccess: (_reply, groupId) => invalidateMembership(queryClient, groupId),
  });
}

export function getPublicGroup(groupId: string): Promise<PublicGroup> {
  return api.get<PublicGroup>(`/groups/${enc(groupId)}/public`);
}

export function usePublicGroup(groupId: string) {
  return useQuery({ queryKey: groupKeys.publicPage(groupId), queryFn: () => getPublicGroup(groupId) });
}
