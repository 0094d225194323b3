import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

interface BusyButtonProps {
  /** The request runs: the button is disabled, says so (busyLabel) and shows a spinner. */
  busy: boolean;
  busyLabel?: ReactNode;
  /** Disabled for another reason (another action of the form runs). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A button that starts a request (a download, a join, Carregar mais): disabled while it runs,
 * with a spinner and `busyLabel` in place of its label.
 */
export function BusyButton({
  busy,
  busyLabel,
  disabled,
  className = 'button button-primary',
  type = 'button',
  onClick,
  'aria-label': ariaLabel,
  children,
}: BusyButtonProps & { type?: 'button' | 'submit'; onClick?: () => void; 'aria-label'?: string }) {
  return (
    <button type={type} className={className} onClick={onClick} disabled={busy || disabled} aria-busy={busy || undefined} aria-label={ariaLabel}>
      {busy && <Spinner size="sm" />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

/**
 * Every form's submit button: disabled while its request runs, so a second click cannot send it
 * again (and should one slip through before React re-renders, the create's Idempotency-Key makes
 * the server answer it with the first answer: lib/idempotency.ts).
 */
export function SubmitButton(props: BusyButtonProps) {
  return <BusyButton type="submit" {...props} />;
}

/**
 * The end of a dialog's form: the form's own error (the server's answer), then Cancelar and the
 * submit button (children its label, busyLabel while busy; or `submit`, a button of its own);
 * both wait while the request runs (busy).
 */
export function DialogFormFooter({
  error,
  onCancel,
  busy,
  busyLabel,
  disabled,
  submit,
  children,
}: {
  error?: ReactNode;
  onCancel: () => void;
  busy: boolean;
  busyLabel?: ReactNode;
  /** The submit waits for something else too (an upload). */
  disabled?: boolean;
  submit?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        {submit ?? (
          <SubmitButton busy={busy} busyLabel={busyLabel} disabled={disabled}>
            {children}
          </SubmitButton>
        )}
      </div>
    </>
  );
}
