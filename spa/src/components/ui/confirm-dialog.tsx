import { useId, useRef, type ReactNode } from 'react';
import { BusyButton } from '@/components/ui/submit-button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';

/**
 * Asks before a destructive or lasting act. Focus starts on Cancelar, so an Enter pressed by
 * habit does not delete anything; the confirm button is disabled and says so while busy.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  danger = false,
  mutation,
  errorFallback,
  reset = false,
  onConfirm,
  onCancel: cancelled,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy?: boolean;
  error?: string | null;
  /** The mutation the confirm runs: busy while it runs, and its error (errorFallback when it has no message of its own). */
  mutation?: { isPending: boolean; error: unknown; reset: () => void };
  errorFallback?: string;
  /** Cancelar also resets the mutation, so its error is gone when the dialog opens again. */
  reset?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (mutation) {
    busy = mutation.isPending;
    error = mutation.error ? errorMessage(mutation.error, errorFallback) : null;
  }
  const onCancel = () => {
    if (reset) mutation?.reset();
    cancelled();
  };
  const cancel = useRef<HTMLButtonElement>(null);
  const bodyId = useId();
  return (
    <Dialog title={title} onClose={onCancel} initialFocus={cancel} busy={busy} describedBy={bodyId}>
      <div id={bodyId} className="dialog-body">
        {children}
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="dialog-actions">
        <button ref={cancel} type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <BusyButton className={`button ${danger ? 'button-danger' : 'button-primary'}`} onClick={onConfirm} busy={!!busy} busyLabel={busyLabel}>
          {confirmLabel}
        </BusyButton>
      </div>
    </Dialog>
  );
}
