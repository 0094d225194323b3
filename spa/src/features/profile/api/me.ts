import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Profile, ProfileUpdate } from '@/types/api';

export function updateMe(update: ProfileUpdate): Promise<Profile> {
  return api.put<Profile>('/me', update);
}

/** PUT /api/me; the answer becomes the auth state's userData. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.me.profile(profile.id), profile),
  });
}
