// Query keys of the groups feature. Everything about one group sits under ['groups', id], so one
// invalidation after a write refreshes the detail, members, requests, invites and lotes alike.

export interface DirectorySearch {
  q: string;
  cidade: string;
  uf: string;
}

export const groupKeys = {
  all: ['groups'] as const,
  mine: () => ['groups', 'mine'] as const,
  directory: (search: DirectorySearch) => ['groups', 'directory', search] as const,
  group: (groupId: string) => ['groups', 'group', groupId] as const,
  detail: (groupId: string) => ['groups', 'group', groupId, 'detail'] as const,
  members: (groupId: string) => ['groups', 'group', groupId, 'members'] as const,
  requests: (groupId: string) => ['groups', 'group', groupId, 'requests'] as const,
  invites: (groupId: string) => ['groups', 'group', groupId, 'invites'] as const,
  lotes: (groupId: string) => ['groups', 'group', groupId, 'lotes'] as const,
  loteRequests: (groupId: string) => ['groups', 'group', groupId, 'lote-requests'] as const,
  publicPage: (groupId: string) => ['groups', 'public', groupId] as const,
  invite: (token: string) => ['groups', 'invite', token] as const,
};

/** Query string of the given parameters, skipping empty ones: '?q=horta&limit=20'. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

export const enc = encodeURIComponent;
