import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RelatorioView } from '@/features/mutiroes/components/relatorio-view';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/testing/test-utils';
import type { Relatorio } from '@/types/api';

const relatorio: Relatorio = {
  grupo: { id: 'g1', nome: 'Horta do Bairro' },
  periodo: { de: '2026-01', ate: '2026-03' },
  periodoTexto: 'janeiro a março de 2026',
  colheitas: 3,
  kg: 4.5,
  minutos: 150,
  partilhaKg: 0,
  membrosAtivos: 1,
  porDestino: [{ chave: 'doado', nome: 'Doado', kg: 1.25 }],
  porHortalica: [],
  porLote: [{ chave: 'A1', nome: 'A1', kg: 4.5 }],
  porMembro: [{ userId: 'u1', nome: 'Maria', kg: 4.5, colheitas: 3, minutos: 90, partilhaKg: 0 }],
  porAtividade: [],
  mutiroes: [{ id: 'm1', titulo: 'Plantio de outono', inicio: '2026-03-07T12:00:00Z', inscritos: 8, presentes: 6, minutos: 60 }],
};

/** Each row of a table as the text of its cells. */
function rows(name: string) {
  return within(screen.getByRole('table', { name })).getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
}

describe('RelatorioView', () => {
  it('shows each table with its columns, its rows, or what an empty one says', async () => {
    stubApi({ 'GET /api/groups/g1/relatorio': () => json(relatorio) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RelatorioView groupId="g1" isOwner={false} />
      </QueryClientProvider>,
    );
    await screen.findByRole('table', { name: 'Por membro' });
    expect(rows('Kg colhidos por destino')).toEqual([['Destino', 'Kg'], ['Doado', '1,25']]);
    expect(rows('Kg colhidos por hortaliça')).toEqual([['Hortaliça', 'Kg'], ['Nada no período.']]);
    expect(rows('Por membro')).toEqual([['Membro', 'Kg colhidos', 'Colheitas', 'Horas voluntárias'], ['Maria', '4,5', '3', '1,5']]);
    expect(rows('Horas voluntárias por atividade')).toEqual([['Atividade', 'Horas'], ['Nenhuma hora registrada no período.']]);
    expect(rows('Mutirões realizados')).toEqual([['Mutirão', 'Data', 'Inscritos', 'Presentes', 'Horas'], ['Plantio de outono', '07/03/2026', '8', '6', '1']]);
    expect(screen.getByRole('cell', { name: 'Nenhuma hora registrada no período.' })).toHaveAttribute('colspan', '2');
  });
});
