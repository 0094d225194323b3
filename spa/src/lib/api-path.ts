/** A path segment taken from data (an id, a token, a lote code), escaped. */
export const enc = encodeURIComponent;

/** Query string of the given parameters, skipping empty ones: '?q=horta&limit=20'. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
