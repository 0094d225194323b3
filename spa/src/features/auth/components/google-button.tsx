import { GoogleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import '@/features/auth/auth.css';

export function GoogleButton({
  onClick,
  disabled,
  busy,
  label,
}: {
  onClick: () => void;
  disabled: boolean;
  busy: boolean;
  /** Accessible name, e.g. 'Entrar com Google'. */
  label: string;
}) {
  return (
    <button type="button" className="button button-google" onClick={onClick} disabled={disabled} aria-label={label} aria-busy={busy || undefined}>
      {busy ? <Spinner size="sm" /> : <GoogleIcon />}
      <span>Google</span>
    </button>
  );
}

export function Divider({ text }: { text: string }) {
  return (
    <div className="divider" role="separator" aria-label={text}>
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
