/**
 * Photos as the server stores them: an item names its processed photo by the key of the largest
 * variant, `fotos/{uid}/{purpose}/{id}/{w}x{h}.webp`; the others are FOTO_WIDTHS wide where
 * narrower, at the same aspect ratio (shared/domain/upload.go computes them the same way).
 * Everything is served at /media/{key}; an https address (a Google picture) as is.
 */

/** The smaller variants' widths (the largest is at most 1280 px on its longer side). */
export const FOTO_WIDTHS = [160, 320, 640, 960];

const processed = /^fotos\/[A-Za-z0-9_-]{1,128}\/[a-z]{1,16}\/[0-9a-f-]{36}\/([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.webp$/;

export interface Variant {
  url: string;
  width: number;
  height: number;
}

/** A photo's URL: an uploaded key is served at /media/{key}; an https address (a Google picture) as is. */
export function mediaUrl(keyOrUrl: string): string {
  return keyOrUrl.startsWith('https://') ? keyOrUrl : `/media/${keyOrUrl}`;
}

/** a/b rounded half up, in the server's integer arithmetic. */
function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** The variants of a processed photo, narrowest first; [] for anything else. */
export function photoVariants(key: string): Variant[] {
  const m = processed.exec(key);
  if (!m) return [];
  const w = Number(m[1]);
  const h = Number(m[2]);
  const dir = key.slice(0, key.lastIndexOf('/') + 1);
  const out: Variant[] = FOTO_WIDTHS.filter((v) => v < w).map((v) => {
    const vh = Math.max(1, roundDiv(h * v, w));
    return { url: `/media/${dir}${v}x${vh}.webp`, width: v, height: vh };
  });
  out.push({ url: `/media/${key}`, width: w, height: h });
  return out;
}

/**
 * Whether a photo can be shown: a processed photo or an https address. A key stored before
 * photos were processed names an upload, which /media does not serve.
 */
export function canShowPhoto(keyOrUrl: string | null | undefined): keyOrUrl is string {
  return !!keyOrUrl && (keyOrUrl.startsWith('https://') || photoVariants(keyOrUrl).length > 0);
}

/** What an <img> needs: src (the variant for a 2× screen of slotWidth, for browsers without srcset) and srcSet. */
export function photoSources(keyOrUrl: string, slotWidth: number): { src: string; srcSet?: string } {
  const variants = photoVariants(keyOrUrl);
  if (variants.length === 0) return { src: mediaUrl(keyOrUrl) };
  const fallback = variants.find((v) => v.width >= slotWidth * 2) ?? variants[variants.length - 1]!;
  return { src: fallback.url, srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(', ') };
}
