import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

interface SubmitButtonProps {
  /** The request runs: the button is disabled, says so (busyLabel) and shows a spinner. */
  busy: boolean;
  busyLabel?: ReactNode;
  /** Disabled for another reason (another action of the form runs). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * Every form's submit button: disabled while its request runs, so a second click cannot send it
 * again (and should one slip through before React re-renders, the create's Idempotency-Key makes
 * the server answer it with the first answer: lib/idempotency.ts).
 */
export function SubmitButton({ busy, busyLabel, disabled, className = 'button button-primary', children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <Spinner size="sm" />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
