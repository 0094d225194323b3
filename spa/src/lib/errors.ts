import { ApiError } from '@/lib/api-client';

// What the screens say about a failed query or mutation. The API client has already turned every
// failure into an ApiError with a Portuguese message; these pick where that message goes.

/** Messages by field name, for a form: the client's own checks and the server's field errors. */
export type FieldErrors = Partial<Record<string, string>>;

/** The Portuguese message of any error a query or mutation ended with. */
export function errorMessage(error: unknown, fallback = 'Algo deu errado. Tente novamente.'): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

/**
 * Splits a server error between the form's fields and the alert above the buttons: a field
 * error lands under its field when the form has that field, anything else in the alert.
 */
export function serverErrors(
  error: unknown,
  fields: readonly string[],
  fallback = 'Não foi possível salvar. Tente novamente.',
): { fields: FieldErrors; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (error instanceof ApiError && error.field && fields.includes(error.field)) {
    return { fields: { [error.field]: error.message }, form: null };
  }
  return { fields: {}, form: errorMessage(error, fallback) };
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not_found';
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'forbidden';
}
