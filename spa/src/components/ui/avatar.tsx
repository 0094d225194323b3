import { Photo } from '@/components/ui/photo';
import { canShowPhoto } from '@/lib/media';

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

/** A member's photo in a size × size circle (the smallest variant that fills it), or their initials. */
export function Avatar({ name, photo, size = 36, eager = false }: { name: string; photo?: string | null; size?: number; eager?: boolean }) {
  const style = { width: size, height: size };
  if (canShowPhoto(photo)) return <Photo className="avatar" photo={photo} alt="" width={size} height={size} eager={eager} style={style} />;
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
