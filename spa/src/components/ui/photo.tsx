import type { CSSProperties } from 'react';
import { photoSources } from '@/lib/media';

/**
 * A photo in a slot of width × height CSS pixels (set on the element, so the page never shifts
 * when it arrives; the photo covers the slot). The browser picks the smallest variant that fills
 * the slot at the screen's pixel density (srcset with each variant's width; sizes is the slot's
 * width unless the slot is fluid). Below the fold it loads lazily.
 */
export function Photo({
  photo,
  alt,
  width,
  height,
  sizes,
  eager = false,
  className,
  style,
}: {
  photo: string;
  alt: string;
  width: number;
  height: number;
  /** The slot's rendered width when it is fluid (a CSS length or media list); default `${width}px`. */
  sizes?: string;
  /** Above the fold (the first screen): load at once instead of lazily. */
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const { src, srcSet } = photoSources(photo, width);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ objectFit: 'cover', ...style }}
    />
  );
}
