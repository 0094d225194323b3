/**
 * The sign-in forms' one message under all the fields. Always in the DOM so screen readers, which only
 * announce changes to a live region that already exists, read each new error.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} className="form-error" role="alert" aria-live="assertive">
      {message}
    </div>
  );
}
