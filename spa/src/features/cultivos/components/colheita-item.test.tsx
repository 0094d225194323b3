import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ColheitaItem } from '@/features/cultivos/components/colheita-item';
import { createQueryClient } from '@/lib/query-client';
import { cultivo } from '@/testing/cultivo-fixtures';
import type { Colheita, Cultivo } from '@/types/api';

const colheita = (over: Partial<Colheita> = {}): Colheita => ({
  id: 'h1',
  cultivoId: 'c1',
  quantidade: 1.2,
  unidade: 'kg',
  data: '2026-11-20',
  destino: 'consumo',
  foto: null,
  autorId: 'user-1',
  autorNome: 'Ana',
  pontos: 50,
  criadoEm: '2026-11-20T12:00:00Z',
  status: 'confirmada',
  duvida: '',
  confirmacoes: [],
  confirmacoesNecessarias: 0,
  editadaEm: null,
  editavelAte: '2026-11-21T12:00:00Z',
  vegetalNome: 'Alface (verão)',
  ...over,
});

function show(h: Colheita, c: Cultivo, meId: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ul>
          <ColheitaItem h={h} cultivo={c} meId={meId} onMessage={vi.fn()} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const whatsappText = () => new URL(screen.getByRole('link', { name: 'Enviar pelo WhatsApp' }).getAttribute('href')!).searchParams.get('text');

describe('ColheitaItem sharing', () => {
  it("shares the author's group harvest on WhatsApp with what, how much, where, and the cultivo's link", () => {
    show(colheita(), cultivo({ grupoId: 'g1', grupoNome: 'Horta da Praça' }), 'user-1');
    expect(whatsappText()).toBe(
      `Colhi 1,2 kg de Alface (verão) na horta do grupo Horta da Praça! Veja no Verde: ${window.location.origin}/grupos/g1/cultivos/c1`,
    );
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
  });

  it('a harvest in the personal garden links the cultivo there', () => {
    show(colheita({ quantidade: 3, unidade: 'macos' }), cultivo({ grupoId: null, grupoNome: 'Horta pessoal' }), 'user-1');
    expect(whatsappText()).toBe(`Colhi 3 maços de Alface (verão) na minha horta! Veja no Verde: ${window.location.origin}/cultivos/c1`);
  });

  it("another member's harvest has no share buttons", () => {
    show(colheita(), cultivo({ grupoId: 'g1', grupoNome: 'Horta da Praça' }), 'user-2');
    expect(screen.queryByRole('link', { name: 'Enviar pelo WhatsApp' })).not.toBeInTheDocument();
  });
});
