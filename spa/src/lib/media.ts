/** A photo's URL: an uploaded key is served at /media/{key}; an https address (a Google picture) as is. */
export function mediaUrl(keyOrUrl: string): string {
  return keyOrUrl.startsWith('https://') ? keyOrUrl : `/media/${keyOrUrl}`;
}
