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

/**
 * A member's photo in a size × size circle (the smallest variant that fills it), or up to two
 * initials. `drawnInitials` draws the initials with CSS (no text in the DOM): inside a control
 * named by its own words (the user menu's "Menu do usuário: Ana Souza"), initials as text would
 * be visible words missing from the name (label in name).
 */
export function Avatar({
  name,
  photo,
  size = 36,
  eager = false,
  drawnInitials = false,
}: {
  name: string;
  photo?: string | null;
  size?: number;
  eager?: boolean;
  drawnInitials?: boolean;
}) {
  const style = { width: size, height: size };
  if (canShowPhoto(photo)) return <Photo className="avatar" photo={photo} alt="" width={size} height={size} eager={eager} style={style} />;
  if (drawnInitials) return <span className="avatar avatar-initials" style={style} aria-hidden="true" data-initials={initials(name)} />;
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
