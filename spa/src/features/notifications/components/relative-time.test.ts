import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/features/notifications/components/relative-time';

describe('relativeTime', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('speaks Portuguese', () => {
    expect(relativeTime('2026-11-23T11:59:50Z', now)).toBe('agora');
    expect(relativeTime('2026-11-23T11:55:00Z', now)).toBe('há 5 minutos');
    expect(relativeTime('2026-11-23T10:00:00Z', now)).toBe('há 2 horas');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('ontem');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('há 3 dias');
    expect(relativeTime('2026-10-01T12:00:00Z', now)).toMatch(/out\.? de 2026/);
    expect(relativeTime('nada', now)).toBe('');
  });
});
