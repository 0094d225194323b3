import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { enc } from '@/lib/api-path';
import { queryKeys } from '@/lib/query-keys';
import { myProgressQuery } from '@/features/profile/api/queries';

export { getMyProgress } from '@/features/profile/api/queries';
import type { MemberProgress } from '@/types/api';

// Level, conquistas and stats: mine (/perfil) and any member's (/membros/:id).

export function getMember(userId: string): Promise<MemberProgress> {
  return api.get<MemberProgress>(`/members/${enc(userId)}`);
}

export function useMyProgress() {
  return useQuery(myProgressQuery);
}

export function useMember(userId: string) {
  return useQuery({ queryKey: queryKeys.progress.member(userId), queryFn: () => getMember(userId), staleTime: 30_000 });
}
