import { api } from '@/lib/api-client';
import type { Profile } from '@/types/api';

// The signed-in user's profile. The auth state owns it (userData, under queryKeys.me.profile);
// the profile screen edits it and writes the answer back under the same key.

export function getMe(): Promise<Profile> {
  return api.get<Profile>('/me');
}
