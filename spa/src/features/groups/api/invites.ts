import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, groupKeys, queryString } from '@/features/groups/api/query-keys';
import { invalidateMembership } from '@/features/groups/api/groups';
import type { Invite, JoinReply, Page, PublicInvite } from '@/features/groups/types';

// Invite links: coordinators make, list and revoke them; anyone opens one; a signed-in user accepts.

export function getInvites(groupId: string, cursor: string | null): Promise<Page<Invite>> {
  return api.get<Page<Invite>>(`/groups/${enc(groupId)}/invites${queryString({ limit: 20, cursor })}`);
}

export function useInvites(groupId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: groupKeys.invites(groupId),
    queryFn: ({ pageParam }) => getInvites(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export interface InviteInput {
  expiraEmDias: number;
  maxUsos: number;
}

export function createInvite(groupId: string, input: InviteInput): Promise<Invite> {
  return api.post<Invite>(`/groups/${enc(groupId)}/invites`, input);
}

export function useCreateInvite(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => createInvite(groupId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.invites(groupId) }),
  });
}

export function revokeInvite(groupId: string, token: string): Promise<Invite> {
  return api.delete<Invite>(`/groups/${enc(groupId)}/invites/${enc(token)}`);
}

export function useRevokeInvite(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => revokeInvite(groupId, token),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: groupKeys.invites(groupId) }),
  });
}

export function getPublicInvite(token: string): Promise<PublicInvite> {
  return api.get<PublicInvite>(`/invites/${enc(token)}`);
}

/** The invite page's invite; the key carries who asks, since jaMembro depends on it. */
export function usePublicInvite(token: string, userId: string | null) {
  return useQuery({
    queryKey: [...groupKeys.invite(token), userId ?? 'anonimo'],
    queryFn: () => getPublicInvite(token),
    enabled: token !== '',
  });
}

export function acceptInvite(token: string): Promise<JoinReply> {
  return api.post<JoinReply>(`/invites/${enc(token)}/accept`);
}

export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvite(token),
    onSuccess: (reply) => {
      invalidateMembership(queryClient, reply.grupo.id);
      void queryClient.invalidateQueries({ queryKey: groupKeys.invite(token) });
    },
  });
}
