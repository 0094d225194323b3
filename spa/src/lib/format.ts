// How the screens write dates, numbers and counts: Brazilian Portuguese, one way each.
//
// Dates and numbers are written here by hand, exactly as Intl.DateTimeFormat and
// Intl.NumberFormat write them in pt-BR (format.test.ts compares the two over thousands of
// values): a page's first Intl number or date formatter loads the locale's data, 25-50 ms of a
// fast machine's main thread and 100-200 ms of a phone's, in one piece, and the dashboard's first
// paint has a few numbers and dates to write. Plural rules stay Intl's (cheap to make).

/** A value made once, the first time it is needed. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const shortMonths = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '5 de mar. de 2025' (local time, as Intl's pt-BR day/month short/year); '' for a missing or unreadable time. */
export function formatDate(iso: string | null | undefined): string {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime()) ? '' : `${d.getDate()} de ${shortMonths[d.getMonth()]} de ${d.getFullYear()}`;
}

/**
 * A calendar date (yyyy-mm-dd, no time) as '5 de mar. de 2025', whatever the browser's time zone:
 * read through an instant, midnight UTC is the evening before in Brasília.
 */
export function formatDay(date: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!m) return '';
  const month = shortMonths[Number(m[2]) - 1];
  return month ? `${Number(m[3])} de ${month} de ${m[1]}` : '';
}

/** '05/03/2025, 09:30' (local time, as Intl's pt-BR dateStyle and timeStyle short); '' for a missing or unreadable time. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = new Date(iso ?? '');
  if (Number.isNaN(d.getTime())) return '';
  return `${twoDigits(d.getDate())}/${twoDigits(d.getMonth() + 1)}/${d.getFullYear()}, ${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}

/**
 * n as pt-BR writes it, with at most maxFractionDigits decimals: 4800 → '4.800', 2.345 → '2,35'
 * (maxFractionDigits 2), rounded half away from zero from the number's shortest decimal form,
 * as Intl.NumberFormat does. Beyond ±10^15 / 10^maxFractionDigits (never a count, points or
 * kilograms here) Intl writes it.
 */
export function formatNumber(n: number, maxFractionDigits = 0): string {
  const abs = Math.abs(n);
  const unit = 10 ** maxFractionDigits;
  if (!(abs < 1e15 / unit)) return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: maxFractionDigits }).format(n);
  const digits = String(abs);
  // Below 10^-6 the shortest form is exponential ('1e-7'): zero at the few decimals asked for here.
  const scaled = digits.includes('e') ? 0 : Math.round(Number(`${digits}e${maxFractionDigits}`));
  const whole = String(Math.floor(scaled / unit)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = maxFractionDigits > 0 ? String(scaled % unit).padStart(maxFractionDigits, '0').replace(/0+$/, '') : '';
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${whole}${fraction ? `,${fraction}` : ''}`;
}

/** Today's date in Brasília (yyyy-mm-dd), as the server counts days, wherever the browser is. */
export function todayBrasilia(now = new Date()): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

/** '4,5 m²'. */
export function formatArea(m2: number): string {
  return `${formatNumber(m2, 2)} m²`;
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
