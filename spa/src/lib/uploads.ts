import { api, ApiError } from '@/lib/api-client';
import type { Upload, UploadPurpose } from '@/types/api';

// A photo goes from the browser straight to the uploads bucket: resized to at most 1600 px and
// re-encoded as JPEG here (canvas: no library, nothing more to download; a phone's uplink sends a
// tenth of the camera's file), then POST /api/uploads hands out a presigned PUT of exactly that
// type, size and pixel size, sent with XMLHttpRequest for its upload progress. The item that shows
// the photo names its key; the server processes the upload into the variants the site serves.

export const maxPhotoBytes = 5 * 1024 * 1024;
export const maxPhotoSide = 1600;
const accepted = ['image/jpeg', 'image/png', 'image/webp'];
/** What the file input offers (HEIC from phones is decoded where the browser can). */
export const photoAccept = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

export { mediaUrl } from '@/lib/media';

export class PhotoError extends Error {
  /** network: no answer came (offline, the signal dropped) or the server failed: not a refusal. */
  constructor(
    message: string,
    readonly network = false,
  ) {
    super(message);
  }
}

function canvasBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * The file as the photo to upload: at most maxPhotoSide on its longer side, JPEG. A file the
 * browser cannot decode as an image is refused in Portuguese.
 */
export interface PreparedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/')) throw new PhotoError('Escolha uma foto (JPEG, PNG ou WebP).');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError('Não foi possível ler esta imagem. Escolha uma foto JPEG, PNG ou WebP.');
  }
  const scale = Math.min(1, maxPhotoSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PhotoError('Não foi possível preparar a foto neste navegador.');
  ctx.fillStyle = '#fff'; // a transparent PNG becomes white, not black, in JPEG
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const { width, height } = bitmap;
  bitmap.close();
  for (const quality of [0.85, 0.7, 0.5]) {
    const blob = await canvasBlob(canvas, 'image/jpeg', quality);
    if (blob && blob.size <= maxPhotoBytes) return { blob, width: canvas.width, height: canvas.height };
  }
  // Without a canvas encoder, the original file if it already fits the rules (the server turns
  // it upright and strips its metadata all the same).
  if (accepted.includes(file.type) && file.size <= maxPhotoBytes) return { blob: file, width, height };
  throw new PhotoError('A foto deve ter no máximo 5 MB.');
}

function put(upload: Upload, blob: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method, upload.url);
    for (const [k, v] of Object.entries(upload.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new PhotoError('O envio da foto foi recusado. Tente novamente.'));
    };
    xhr.onerror = () => reject(new PhotoError('Não foi possível enviar a foto. Verifique sua conexão e tente novamente.', true));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(blob);
  });
}

/** Prepares and uploads file for purpose; resolves to the key to name in the item and the blob sent (for a preview). */
export async function uploadPhoto(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ key: string; blob: Blob }> {
  const photo = await preparePhoto(file);
  return { key: await uploadPrepared(photo, purpose, onProgress, signal), blob: photo.blob };
}

/**
 * Uploads a photo preparePhoto made (kept meanwhile: lib/offline/queue.ts sends the photos of
 * what was written offline); resolves to the key to name in the item.
 */
export async function uploadPrepared(
  { blob, width, height }: PreparedPhoto,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<string> {
  const contentType = accepted.includes(blob.type) ? blob.type : 'image/jpeg';
  let upload: Upload;
  try {
    upload = await api.post<Upload>('/uploads', { contentType, size: blob.size, width, height, purpose }, { signal });
  } catch (err) {
    if (err instanceof ApiError) throw new PhotoError(err.message, err.code === 'network' || err.status >= 500);
    throw err;
  }
  onProgress(0);
  await put(upload, blob, onProgress, signal);
  onProgress(1);
  return upload.key;
}
