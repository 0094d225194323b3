import { api } from '@/lib/api-client';
import type { Profile } from '@/types/api';

// The signed-in user's profile. The auth state owns it (userData); the profile screen edits it
// and writes the answer back under the same key.

export const meQueryKey = (userId: string) => ['me', userId] as const;

export function getMe(): Promise<Profile> {
  return api.get<Profile>('/me');
}
