import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc, queryString } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { GroupsRanking, Liga, MembersRanking, MyGroupPage, Profile, RankingPeriodo } from '@/types/api';

// The rankings (GET /api/rankings/…): each a top 50 and the caller's own standing, in one
// request. Points and harvests change them all the time, so they are fresh for a minute.

const staleTime = 60_000;

export function getMembersRanking(periodo: RankingPeriodo): Promise<MembersRanking> {
  return api.get<MembersRanking>(`/rankings/membros${queryString({ periodo })}`);
}

export function getGroupsRanking(periodo: RankingPeriodo, grupo: string): Promise<GroupsRanking> {
  return api.get<GroupsRanking>(`/rankings/grupos${queryString({ periodo, grupo })}`);
}

export function getGroupMembersRanking(groupId: string, periodo: RankingPeriodo): Promise<MembersRanking> {
  return api.get<MembersRanking>(`/rankings/grupos/${enc(groupId)}/membros${queryString({ periodo })}`);
}

export function useMembersRanking(periodo: RankingPeriodo, enabled = true) {
  return useQuery({ queryKey: queryKeys.rankings.members(periodo), queryFn: () => getMembersRanking(periodo), enabled, staleTime });
}

export function useGroupsRanking(periodo: RankingPeriodo, grupo: string, enabled = true) {
  return useQuery({ queryKey: queryKeys.rankings.groups(periodo, grupo), queryFn: () => getGroupsRanking(periodo, grupo), enabled, staleTime });
}

export function useGroupMembersRanking(groupId: string, periodo: RankingPeriodo) {
  return useQuery({
    queryKey: queryKeys.rankings.group(groupId, periodo),
    queryFn: () => getGroupMembersRanking(groupId, periodo),
    enabled: groupId !== '',
    staleTime,
  });
}

/** My groups for the "Meu grupo" picker: one page of up to 100 (a member's groups are few). */
export function useRankingGroups() {
  return useQuery({
    queryKey: queryKeys.rankings.myGroups,
    queryFn: () => api.get<MyGroupPage>(`/me/groups${queryString({ limit: 100 })}`),
    staleTime,
  });
}

/** PUT /api/me { ocultarDoRanking }: the answer becomes the auth state's profile, and every ranking is read again. */
export function useRankingPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ocultarDoRanking: boolean) => api.put<Profile>('/me', { ocultarDoRanking }),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.me.profile(profile.id), profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.rankings.all });
    },
  });
}

/** My monthly league: its table, its zones and how my last league ended. */
export function useLeague() {
  return useQuery({ queryKey: queryKeys.rankings.league, queryFn: () => api.get<Liga>('/rankings/liga'), staleTime });
}
