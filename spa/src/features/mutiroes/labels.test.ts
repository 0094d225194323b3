import { describe, expect, it } from 'vitest';
import { dataBrasilia, diasTexto, diaTexto, diaMutirao, horarioMutirao, horasTexto, vagasTexto } from '@/features/mutiroes/labels';
import { validateMutirao } from '@/features/mutiroes/components/create-mutirao-dialog';
import { defaultPeriod } from '@/features/mutiroes/components/relatorio-view';

describe('mutirões labels', () => {
  it('says times in Brasília whatever the browser zone', () => {
    // 2030-03-12 08:00 in Brasília is 11:00 UTC; 23:30 is 02:30 UTC of the next day.
    expect(diaMutirao('2030-03-12T11:00:00.000Z')).toBe('ter., 12 de mar. de 2030');
    expect(horarioMutirao('2030-03-12T11:00:00.000Z', 150)).toBe('08:00 às 10:30');
    expect(dataBrasilia('2030-03-13T02:30:00.000Z')).toBe('2030-03-12');
  });

  it('says hours, vagas and weekdays in Portuguese', () => {
    expect(horasTexto(150)).toBe('2 h 30 min');
    expect(horasTexto(45)).toBe('45 min');
    expect(horasTexto(120)).toBe('2 h');
    expect(vagasTexto(1, 1, 0)).toBe('1 de 1 vaga');
    expect(vagasTexto(6, 6, 14)).toBe('6 de 6 vagas · 14 na espera');
    expect(diasTexto([5, 1, 3])).toBe('seg, qua e sex');
    expect(diaTexto('2030-03-15')).toBe('sexta, 15/03');
  });

  it('the report starts at January of this year, in Brasília', () => {
    // 02:00 UTC on 1 January is still 31 December in Brasília.
    expect(defaultPeriod(new Date('2031-01-01T02:00:00Z'))).toEqual({ de: '2030-01', ate: '2030-12' });
    expect(defaultPeriod(new Date('2030-06-10T12:00:00Z'))).toEqual({ de: '2030-01', ate: '2030-06' });
  });
});

describe('the new mutirão form', () => {
  const ok = { titulo: 'Mutirão de plantio', data: '2099-01-10', hora: '08:00', horas: '3', local: 'Praça' };
  it('names each bad field as the server would', () => {
    expect(validateMutirao(ok, [{ titulo: 'Capina', vagas: '5' }])).toEqual({});
    const e = validateMutirao({ ...ok, titulo: 'ab', hora: '25:00', horas: '13', local: ' ' }, [{ titulo: '', vagas: '0' }]);
    expect(Object.keys(e).sort()).toEqual(['duracaoMin', 'hora', 'local', 'tarefas[0].titulo', 'tarefas[0].vagas', 'titulo']);
    expect(validateMutirao(ok, [{ titulo: 'A', vagas: '20' }, { titulo: 'B', vagas: '11' }]).tarefas).toMatch(/no máximo 30 vagas/);
  });
});
