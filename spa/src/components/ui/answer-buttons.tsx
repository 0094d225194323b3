import { Spinner } from '@/components/ui/spinner';

/**
 * Aprovar and Recusar for one request, each named with `of` for screen readers ("Aprovar pedido
 * de Ana"); both wait while `disabled`, Aprovar also while `approveDisabled`; the one `running`
 * shows a spinner.
 */
export function AnswerButtons({
  of,
  disabled,
  approveDisabled,
  running,
  onApprove,
  onReject,
}: {
  of: string;
  disabled: boolean;
  approveDisabled?: boolean;
  running?: 'approve' | 'reject';
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="button button-primary button-small"
        disabled={disabled || approveDisabled}
        aria-label={`Aprovar ${of}`}
        onClick={onApprove}
      >
        {running === 'approve' && <Spinner size="sm" />}
        Aprovar
      </button>
      <button type="button" className="button button-secondary button-small" disabled={disabled} aria-label={`Recusar ${of}`} onClick={onReject}>
        {running === 'reject' && <Spinner size="sm" />}
        Recusar
      </button>
    </>
  );
}
