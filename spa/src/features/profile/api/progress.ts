import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import type { MemberProgress } from '@/types/api';

// Level, conquistas and stats: mine (/perfil) and any member's (/membros/:id).

export function getMyProgress(): Promise<MemberProgress> {
  return api.get<MemberProgress>('/me/progress');
}

export function getMember(userId: string): Promise<MemberProgress> {
  return api.get<MemberProgress>(`/members/${enc(userId)}`);
}

export function useMyProgress() {
  return useQuery({ queryKey: queryKeys.progress.mine, queryFn: getMyProgress });
}

export function useMember(userId: string) {
  return useQuery({ queryKey: queryKeys.progress.member(userId), queryFn: () => getMember(userId), staleTime: 30_000 });
}
