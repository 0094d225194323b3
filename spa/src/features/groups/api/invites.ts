import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidate, useCreate, useWrite } from '@/lib/mutations';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import { invalidateMembership } from '@/features/groups/api/groups';
import type { Invite, InviteInput, InvitePage, JoinReply, PublicInvite } from '@/types/api';

// Invite links: coordinators make, list and revoke them; anyone opens one; a signed-in user accepts.

export function getInvites(groupId: string, cursor: string | null): Promise<InvitePage> {
  return api.get<InvitePage>(`/groups/${enc(groupId)}/invites${queryString({ limit: 20, cursor })}`);
}

export function useInvites(groupId: string, enabled = true) {
  return useCursorList({ queryKey: queryKeys.groups.invites(groupId), fetchPage: (cursor) => getInvites(groupId, cursor), enabled });
}

export function createInvite(groupId: string, input: InviteInput, idempotencyKey: string): Promise<Invite> {
  return api.create<Invite>(`/groups/${enc(groupId)}/invites`, input, idempotencyKey);
}

export function useCreateInvite(groupId: string) {
  return useCreate(
    (input: InviteInput, keys) => createInvite(groupId, input, keys.keyFor(`invites/${groupId}`, input)),
    invalidate(queryKeys.groups.invites(groupId)),
  );
}

export function revokeInvite(groupId: string, token: string): Promise<Invite> {
  return api.delete<Invite>(`/groups/${enc(groupId)}/invites/${enc(token)}`);
}

export function useRevokeInvite(groupId: string) {
  return useWrite((token: string) => revokeInvite(groupId, token), invalidate(queryKeys.groups.invites(groupId)));
}

export function getPublicInvite(token: string): Promise<PublicInvite> {
  return api.get<PublicInvite>(`/invites/${enc(token)}`);
}

/** The invite page's invite; the key carries who asks, since jaMembro depends on it. */
export function usePublicInvite(token: string, userId: string | null) {
  return useQuery({
    queryKey: queryKeys.groups.invite(token, userId),
    queryFn: () => getPublicInvite(token),
    enabled: token !== '',
  });
}

export function acceptInvite(token: string, idempotencyKey: string): Promise<JoinReply> {
  return api.create<JoinReply>(`/invites/${enc(token)}/accept`, undefined, idempotencyKey);
}

export function useAcceptInvite(token: string) {
  return useCreate(
    (_: void, keys) => acceptInvite(token, keys.keyFor(`accept/${token}`)),
    (queryClient, reply) => {
      invalidateMembership(queryClient, reply.grupo.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.groups.inviteAll(token) });
    },
  );
}
