import { api } from '@/lib/api-client';
import { invalidate, useCreate, useWrite } from '@/lib/mutations';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { invalidateMembership } from '@/features/groups/api/groups';
import type { AssignablePapel, JoinRequestPage, Member, MemberPage } from '@/types/api';

// Members and join requests of one group, and what the roles do to them.

const membersPageSize = 50;

export function getMembers(groupId: string, cursor: string | null): Promise<MemberPage> {
  return api.get<MemberPage>(`/groups/${enc(groupId)}/members${queryString({ limit: membersPageSize, cursor })}`);
}

export function useMembers(groupId: string, enabled = true) {
  return useCursorList({ queryKey: queryKeys.groups.members(groupId), fetchPage: (cursor) => getMembers(groupId, cursor), enabled });
}

export function setPapel(groupId: string, userId: string, papel: AssignablePapel): Promise<Member> {
  return api.patch<Member>(`/groups/${enc(groupId)}/members/${enc(userId)}`, { papel });
}

export function useSetPapel(groupId: string) {
  return useWrite(({ userId, papel }: { userId: string; papel: AssignablePapel }) => setPapel(groupId, userId, papel), invalidate(queryKeys.groups.group(groupId)));
}

/** A write on the group's membership: the group and my profile refresh after it. */
function useMembershipWrite(groupId: string, write: (userId: string) => Promise<unknown>) {
  return useWrite(write, (queryClient) => invalidateMembership(queryClient, groupId));
}

/** Removes a member; with one's own id it is leaving the group. */
export function removeMember(groupId: string, userId: string): Promise<void> {
  return api.delete<void>(`/groups/${enc(groupId)}/members/${enc(userId)}`);
}

export function useRemoveMember(groupId: string) {
  return useMembershipWrite(groupId, (userId) => removeMember(groupId, userId));
}

export function transferOwnership(groupId: string, userId: string): Promise<unknown> {
  return api.post<unknown>(`/groups/${enc(groupId)}/transfer`, { userId });
}

export function useTransferOwnership(groupId: string) {
  return useMembershipWrite(groupId, (userId) => transferOwnership(groupId, userId));
}

export function getRequests(groupId: string, cursor: string | null): Promise<JoinRequestPage> {
  return api.get<JoinRequestPage>(`/groups/${enc(groupId)}/requests${queryString({ limit: membersPageSize, cursor })}`);
}

export function useRequests(groupId: string, enabled = true) {
  return useCursorList({ queryKey: queryKeys.groups.requests(groupId), fetchPage: (cursor) => getRequests(groupId, cursor), enabled });
}

export function approveRequest(groupId: string, userId: string, idempotencyKey: string): Promise<Member> {
  return api.create<Member>(`/groups/${enc(groupId)}/requests/${enc(userId)}/approve`, undefined, idempotencyKey);
}

export function rejectRequest(groupId: string, userId: string): Promise<void> {
  return api.delete<void>(`/groups/${enc(groupId)}/requests/${enc(userId)}`);
}

export function useAnswerRequest(groupId: string) {
  return useCreate(
    async ({ userId, approve }: { userId: string; approve: boolean }, keys): Promise<void> => {
      if (approve) await approveRequest(groupId, userId, keys.keyFor(`approve/${groupId}/${userId}`));
      else await rejectRequest(groupId, userId);
    },
    (queryClient) => {
      invalidateMembership(queryClient, groupId);
      // The approver's "pedido para entrar" notification and badge change with the answer.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
  );
}

/** Cancels the caller's own pending request. */
export function useCancelMyRequest(groupId: string) {
  return useMembershipWrite(groupId, (userId) => rejectRequest(groupId, userId));
}
