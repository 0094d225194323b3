/** The badge text for an unread count: null (hidden) at 0, the number up to 9, '9+' above. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}
