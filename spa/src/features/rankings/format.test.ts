import { describe, expect, it } from 'vitest';
import { formatKg, formatPoints, monthName, ordinal, positionText } from '@/features/rankings/format';

describe('rankings format', () => {
  it('writes positions, points, kg and months in Portuguese', () => {
    expect(ordinal(1)).toBe('1º');
    expect(ordinal(4800)).toBe('4.800º');
    expect(formatPoints(1)).toBe('1 ponto');
    expect(formatPoints(1250)).toBe('1.250 pontos');
    expect(formatKg(3.75)).toBe('3,75 kg');
    expect(monthName('2026-11')).toBe('novembro de 2026');
    expect(monthName(null)).toBe('');
  });

  it('says when a position is exact, an estimate or a lower bound', () => {
    const base = { valor: 10, aproximada: false, alemDe: false, oculto: false };
    expect(positionText({ ...base, posicao: null })).toBeNull();
    expect(positionText({ ...base, posicao: 12 })).toBe('12º lugar');
    expect(positionText({ ...base, posicao: 4800, aproximada: true })).toBe('por volta do 4.800º lugar (estimativa)');
    expect(positionText({ ...base, posicao: 44001, alemDe: true })).toBe('além do 44.001º lugar');
  });
});
