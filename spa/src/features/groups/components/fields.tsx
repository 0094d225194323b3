import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// Labelled controls for the group forms: the error (the client's check or the server's field
// error) sits under its control and describes it, as on the profile form.

interface Common {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

function useDescribed(id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-dica` : undefined;
  const errorId = `${controlId}-erro`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function Messages({ hint, hintId, error, errorId }: { hint: ReactNode; hintId?: string; error?: string | null; errorId: string }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="field-error groups-field-error" id={errorId} role="alert">
        {error || null}
      </p>
    </>
  );
}

export function InputField({ label, error, hint, id, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const d = useDescribed(id, hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={d.controlId}>{label}</label>
      <input id={d.controlId} aria-invalid={error ? true : undefined} aria-describedby={d.describedBy} {...input} />
      <Messages hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} />
    </div>
  );
}

export function TextAreaField({ label, error, hint, id, className, ...area }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const d = useDescribed(id, hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={d.controlId}>{label}</label>
      <textarea id={d.controlId} aria-invalid={error ? true : undefined} aria-describedby={d.describedBy} {...area} />
      <Messages hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const d = useDescribed(id, hint, error);
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={d.controlId}>{label}</label>
      <select id={d.controlId} aria-invalid={error ? true : undefined} aria-describedby={d.describedBy} {...select}>
        {children}
      </select>
      <Messages hint={hint} hintId={d.hintId} error={error} errorId={d.errorId} />
    </div>
  );
}
