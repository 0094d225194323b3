import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth/me-query';
import type { Profile } from '@/types/api';

export interface ProfileUpdate {
  nome?: string;
  bio?: string;
}

export function updateMe(update: ProfileUpdate): Promise<Profile> {
  return api.put<Profile>('/me', update);
}

/** PUT /api/me; the answer becomes the auth state's userData. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => queryClient.setQueryData(meQueryKey(profile.id), profile),
  });
}
