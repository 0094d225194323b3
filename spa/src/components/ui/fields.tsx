import {
  forwardRef,
  type ChangeEvent,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

// The form fields of every screen: a label tied to its control, an optional hint, and the error.
// Most forms put each error under its own field (`error`): the message is always in the DOM as a
// live region, and describes the control while there is one. The sign-in forms keep one message
// under all the fields (FormError): there a field says `errorId` (that message's id) and `invalid`,
// and the message describes the field while it is about it.

import type { FieldErrors } from '@/lib/errors';

/**
 * What ties a field to a form's state by its name: name, value, onChange (set) and its own error,
 * as in `<InputField label="Cidade" {...field('cidade')} />`.
 */
export function fieldBinder<K extends string>(values: Record<K, string>, set: (name: K, value: string) => void, errors: FieldErrors) {
  return (name: K) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, e.target.value),
    error: errors[name],
  });
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** This field's own error, shown under it. */
  error?: string | null;
  /** The id of a message kept elsewhere that explains this field when `invalid`. */
  errorId?: string;
  invalid?: boolean;
}

function useFieldIds(id: string | undefined, { hint, error, errorId, invalid }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-dica` : undefined;
  const ownErrorId = errorId ? undefined : `${controlId}-erro`;
  const isInvalid = errorId ? !!invalid : !!error;
  const describedBy = [hintId, isInvalid ? (errorId ?? ownErrorId) : undefined].filter(Boolean).join(' ') || undefined;
  const control = { id: controlId, 'aria-invalid': isInvalid || undefined, 'aria-describedby': describedBy };
  return { slots: { controlId, hintId, ownErrorId }, control };
}

function Field({
  label,
  className,
  controlId,
  hint,
  hintId,
  error,
  ownErrorId,
  children,
}: {
  label: string;
  className?: string;
  controlId: string;
  hint?: ReactNode;
  hintId?: string;
  error?: string | null;
  ownErrorId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={controlId}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {ownErrorId && (
        <p className="field-error" id={ownErrorId} role="alert">
          {error || null}
        </p>
      )}
    </div>
  );
}

export const InputField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function InputField(
  { label, hint, error, errorId, invalid, id, className, ...input },
  ref,
) {
  const { slots, control } = useFieldIds(id, { label, hint, error, errorId, invalid });
  return (
    <Field label={label} className={className} {...slots} hint={hint} error={error}>
      <input ref={ref} {...control} {...input} />
    </Field>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, hint, error, errorId, invalid, id, className, ...area }, ref) {
    const { slots, control } = useFieldIds(id, { label, hint, error, errorId, invalid });
    return (
      <Field label={label} className={className} {...slots} hint={hint} error={error}>
        <textarea ref={ref} {...control} {...area} />
      </Field>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }>(
  function SelectField({ label, hint, error, errorId, invalid, id, className, children, ...select }, ref) {
    const { slots, control } = useFieldIds(id, { label, hint, error, errorId, invalid });
    return (
      <Field label={label} className={className} {...slots} hint={hint} error={error}>
        <select ref={ref} {...control} {...select}>
          {children}
        </select>
      </Field>
    );
  },
);

/**
 * A select's options, one for each item: its id is the value, and the text its nome (a group's,
 * a vegetal's) or what `label` says of it.
 */
export function ItemOptions<T extends { id: string; nome?: string }>({
  items,
  label = (item) => item.nome ?? '',
}: {
  items: readonly T[];
  label?: (item: T) => string;
}) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {label(item)}
    </option>
  ));
}

/**
 * Checkboxes to choose up to `max` of `items` (each with its id and label): once `max` are
 * chosen, the others wait; `invalid` marks them all while their fieldset has an error.
 */
export function CappedCheckboxes({
  items,
  chosen,
  max,
  onToggle,
  invalid,
}: {
  items: readonly { id: string; label: string }[];
  chosen: readonly string[];
  max: number;
  onToggle: (id: string, on: boolean) => void;
  invalid?: boolean;
}) {
  return items.map((item) => (
    <label key={item.id} className="checkbox">
      <input
        type="checkbox"
        checked={chosen.includes(item.id)}
        disabled={!chosen.includes(item.id) && chosen.length >= max}
        onChange={(e) => onToggle(item.id, e.target.checked)}
        aria-invalid={invalid || undefined}
      />{' '}
      {item.label}
    </label>
  ));
}
