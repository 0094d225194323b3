import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, useCreateKeys } from '@/lib/idempotency';

describe('useCreateKeys', () => {
  it('reuses the key for the same request until the create succeeds', () => {
    const { result } = renderHook(() => useCreateKeys());
    const k = result.current.keyFor('/groups', { nome: 'Horta' });
    expect(k).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(result.current.keyFor('/groups', { nome: 'Horta' })).toBe(k);
    expect(result.current.keyFor('/groups', { nome: 'Horta 2' })).not.toBe(k);
    const k2 = result.current.keyFor('/groups', { nome: 'Horta 2' });
    result.current.done();
    expect(result.current.keyFor('/groups', { nome: 'Horta 2' })).not.toBe(k2);
  });

  it('makes fresh keys the API accepts', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
