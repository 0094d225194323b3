/**
 * What a banner's link may open, as the API decides it (domain.SafeLink): a path of the site
 * ("/grupos"; never "//host" or "/\host", which browsers read as another host) or an https://
 * address with a host and no user part. No backslash, space or control character anywhere.
 */
export type BannerLink = { kind: 'interno' | 'externo'; href: string } | null;

export function bannerLink(link: string): BannerLink {
  if (!link || [...link].some((c) => c === '\\' || c <= ' ' || c === '\u007f')) return null;
  if (link.startsWith('/')) return link.startsWith('//') ? null : { kind: 'interno', href: link };
  try {
    const url = new URL(link);
    if (url.protocol === 'https:' && url.hostname && !url.username && !url.password && /^https:\/\/[^/]/.test(link)) return { kind: 'externo', href: link };
  } catch {
    return null;
  }
  return null;
}
