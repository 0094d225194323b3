import { formatArea, formatDate, formatDateTime, plural, pluralForm } from '@/lib/format';

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
