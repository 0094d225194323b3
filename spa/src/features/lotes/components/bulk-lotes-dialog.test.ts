import { describe, expect, it } from 'vitest';
import { rangePreview } from '@/features/lotes/components/bulk-lotes-dialog';
import { validateBulkLotes } from '@/features/lotes/validation';

const v = (prefixo: string, inicio: string, fim: string) => ({ prefixo, inicio, fim, area: '4', observacoes: '' });

describe('rangePreview', () => {
  it('never promises more than the form accepts', () => {
    for (const [p, i, f] of [['A', '1', '600'], ['A', '1', '98'], ['A', '1', '99'], ['', '3', '5'], ['b', '10', '10'], ['A', '5', '2']] as const) {
      const preview = rangePreview(v(p, i, f));
      const accepted = Object.keys(validateBulkLotes(v(p, i, f))).length === 0;
      expect(Boolean(preview?.includes('erão criados')), `${p}${i}-${f}: ${preview}`).toBe(accepted);
    }
  });

  it('explains the cap and plain-number codes', () => {
    expect(rangePreview(v('A', '1', '600'))).toBe(
      'Nenhum lote será criado assim: A1 a A600 são 600 lotes, e cada vez cria no máximo 98 (todos ou nenhum). Crie A1 a A98 agora e os seguintes depois.',
    );
    expect(rangePreview(v('', '1', '3'))).toBe('Sem prefixo, os códigos serão só números: serão criados 1 a 3 (3 lotes).');
    expect(rangePreview(v('a', '1', '12'))).toBe('Serão criados A1 a A12 (12 lotes).');
  });
});
