import { mediaUrl } from '@/lib/media';

/** Up to two initials of a name ('Maria Clara Souza' → 'MC'), or 'U' with no name. */
export function initials(name: string | null | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('pt-BR'))
    .join('');
  return letters || 'U';
}

export function Avatar({ name, photo, size = 36 }: { name: string; photo?: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (photo) return <img className="avatar" src={mediaUrl(photo)} alt="" style={style} />;
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
