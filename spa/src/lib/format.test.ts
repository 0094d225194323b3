import { formatArea, formatDate, formatDateTime, formatNumber, plural, pluralForm } from '@/lib/format';

describe('plural', () => {
  it.each([
    [0, '0 lotes'],
    [1, '1 lote'],
    [2, '2 lotes'],
    [12, '12 lotes'],
  ])('%i → %s', (n, text) => {
    expect(plural(n, 'lote', 'lotes')).toBe(text);
  });

  it('agrees a phrase, not just a noun', () => {
    expect(plural(1, 'notificação não lida', 'notificações não lidas')).toBe('1 notificação não lida');
    expect(`${pluralForm(1, 'Falta', 'Faltam')} ${plural(1, 'ponto', 'pontos')}`).toBe('Falta 1 ponto');
    expect(`${pluralForm(3, 'Falta', 'Faltam')} ${plural(3, 'ponto', 'pontos')}`).toBe('Faltam 3 pontos');
  });
});

describe('dates and numbers', () => {
  it('writes a date one way, in Brazilian Portuguese', () => {
    expect(formatDate('2025-03-05T12:00:00Z')).toMatch(/^5 de mar\.? de 2025$/);
  });

  it('writes nothing for a missing or unreadable time instead of failing', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('ontem')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('writes an area with a decimal comma and m²', () => {
    expect(formatArea(4.5)).toBe('4,5 m²');
    expect(formatArea(10)).toBe('10 m²');
  });
});

// format.ts writes numbers and dates by hand (a page's first Intl formatter is slow to make):
// they must come out exactly as Intl writes them.
describe('the hand-written formats are Intl’s', () => {
  // A fixed sequence (a linear congruential generator), so a failure names a value that repeats.
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it('numbers, with 0 to 3 decimals, as Intl.NumberFormat pt-BR', () => {
    const values = [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 0.125, 999.9995, 1000, 9999.5, 1234567.891, 0.0000001, 999_999_999_999_999, 1e15, 1e21, NaN, Infinity];
    for (let i = 0; i < 4000; i++) {
      const magnitude = 10 ** Math.floor(random() * 10);
      const v = Math.round(random() * magnitude * 1000) / 1000;
      values.push(i % 7 === 0 ? -v : v, Math.floor(random() * magnitude), random() * 100);
    }
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits });
      for (const v of values) expect(`${v}/${digits}: ${formatNumber(v, digits)}`).toBe(`${v}/${digits}: ${intl.format(v)}`);
    }
  });

  it('dates and times, over three years of local times, as Intl.DateTimeFormat pt-BR', () => {
    const date = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' });
    const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
    const start = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 3000; i++) {
      const d = new Date(start + Math.floor(random() * 3 * 366 * 86_400_000));
      const iso = d.toISOString();
      expect(`${iso}: ${formatDate(iso)}`).toBe(`${iso}: ${date.format(d)}`);
      expect(`${iso}: ${formatDateTime(iso)}`).toBe(`${iso}: ${dateTime.format(d)}`);
    }
  });
});
