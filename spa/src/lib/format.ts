// How the screens write dates, numbers and counts: Brazilian Portuguese, one way each.
//
// Each Intl formatter is made on first use, not when the module loads: making one costs a
// millisecond or more of a phone's main thread, and this module is on every signed-in page's
// first load.

/** A value made once, the first time it is needed. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateFormat = once(() => new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' }));
const dateTimeFormat = once(() => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }));

/** '5 de mar. de 2025'; '' for a missing or unreadable time. */
export function formatDate(iso: string | null | undefined): string {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime()) ? '' : dateFormat().format(d);
}

/** '05/03/2025, 09:30'; '' for a missing or unreadable time. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormat().format(d);
}

const areaFormat = once(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }));

/** '4,5 m²'. */
export function formatArea(m2: number): string {
  return `${areaFormat().format(m2)} m²`;
}

// The screens say '0 lotes', '1 lote', '2 lotes': the singular is for exactly one. CLDR's rule
// for pt (pt-BR) files 0 and 1.5 under "one" too, so the rule used is pt-PT's, whose "one" is
// the integer 1 alone, the same as the texts.
const pluralRules = once(() => new Intl.PluralRules('pt-PT'));

/** The form of a word or phrase that agrees with n: pluralForm(1, 'lote', 'lotes') is 'lote'. */
export function pluralForm(n: number, one: string, other: string): string {
  return pluralRules().select(n) === 'one' ? one : other;
}

/** n and the agreeing form: '1 membro', '12 membros'. */
export function plural(n: number, one: string, other: string): string {
  return `${n} ${pluralForm(n, one, other)}`;
}
