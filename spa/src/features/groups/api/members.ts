import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, groupKeys, queryString } from '@/features/groups/api/query-keys';
import { invalidateMembership } from '@/features/groups/api/groups';
import type { JoinRequest, Member, Page, Papel } from '@/features/groups/types';

// Members and join requests of one group, and what the roles do to them.

const membersPageSize = 50;

export function getMembers(groupId: string, cursor: string | null): Promise<Page<Member>> {
  return api.get<Page<Member>>(`/groups/${enc(groupId)}/members${queryString({ limit: membersPageSize, cursor })}`);
}

export function useMembers(groupId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ pageParam }) => getMembers(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function setPapel(groupId: string, userId: string, papel: Exclude<Papel, 'dono'>): Promise<Member> {
  return api.patch<Member>(`/groups/${enc(groupId)}/members/${enc(userId)}`, { papel });
}

export function useSetPapel(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, papel }: { userId: string; papel: Exclude<Papel, 'dono'> }) => setPapel(groupId, userId, papel),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
  });
}

/** Removes a member; with one's own id it is leaving the group. */
export function removeMember(groupId: string, userId: string): Promise<void> {
  return api.delete<void>(`/groups/${enc(groupId)}/members/${enc(userId)}`);
}

export function useRemoveMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(groupId, userId),
    onSuccess: () => invalidateMembership(queryClient, groupId),
  });
}

export function transferOwnership(groupId: string, userId: string): Promise<unknown> {
  return api.post<unknown>(`/groups/${enc(groupId)}/transfer`, { userId });
}

export function useTransferOwnership(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => transferOwnership(groupId, userId),
    onSuccess: () => invalidateMembership(queryClient, groupId),
  });
}

export function getRequests(groupId: string, cursor: string | null): Promise<Page<JoinRequest>> {
  return api.get<Page<JoinRequest>>(`/groups/${enc(groupId)}/requests${queryString({ limit: membersPageSize, cursor })}`);
}

export function useRequests(groupId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: groupKeys.requests(groupId),
    queryFn: ({ pageParam }) => getRequests(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function approveRequest(groupId: string, userId: string): Promise<Member> {
  return api.post<Member>(`/groups/${enc(groupId)}/requests/${enc(userId)}/approve`);
}

export function rejectRequest(groupId: string, userId: string): Promise<void> {
  return api.delete<void>(`/groups/${enc(groupId)}/requests/${enc(userId)}`);
}

export function useAnswerRequest(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, approve }: { userId: string; approve: boolean }): Promise<void> => {
      if (approve) await approveRequest(groupId, userId);
      else await rejectRequest(groupId, userId);
    },
    onSuccess: () => invalidateMembership(queryClient, groupId),
  });
}

/** Cancels the caller's own pending request. */
export function useCancelMyRequest(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => rejectRequest(groupId, userId),
    onSuccess: () => invalidateMembership(queryClient, groupId),
  });
}
