// A photo chosen with no connection stays on this device, as a blob, under a 'local:' key the form
// holds like an uploaded one (components/ui/photo-picker.tsx). A create naming such a key goes to
// the queue (lib/offline/queue.ts), which keeps the blob in IndexedDB and uploads it when the
// network returns.

import type { PreparedPhoto } from '@/lib/uploads';

const prefix = 'local:';
const photos = new Map<string, { photo: PreparedPhoto; url: string }>();

export const isLocalPhoto = (key: string): boolean => key.startsWith(prefix);

/** Keeps the prepared photo for this page's life; returns its local key. */
export function keepLocalPhoto(photo: PreparedPhoto): string {
  const key = `${prefix}${crypto.randomUUID()}`;
  photos.set(key, { photo, url: URL.createObjectURL(photo.blob) });
  return key;
}

export function localPhoto(key: string): PreparedPhoto | undefined {
  return photos.get(key)?.photo;
}

/** An address the page can show the kept photo at. */
export function localPhotoUrl(key: string): string {
  return photos.get(key)?.url ?? '';
}

/** The local keys a create's body names (its fotos list, or its foto). */
export function localPhotosIn(body: Record<string, unknown>): string[] {
  const keys = [...(Array.isArray(body.fotos) ? body.fotos : []), body.foto];
  return keys.filter((k): k is string => typeof k === 'string' && isLocalPhoto(k));
}
