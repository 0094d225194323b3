import type { Cultivo } from '@/types/api';

// A cultivo as GET /api/cultivos answers it, for the screens' tests (cultivos, dashboard).

export const cultivo = (over: Partial<Cultivo> = {}): Cultivo => ({
  id: 'c1',
  vegetalId: 'alface-verao',
  vegetalNome: 'Alface (verão)',
  grupoId: 'g1',
  grupoNome: 'Horta do Bairro',
  loteCodigo: 'A1',
  responsavelId: 'user-1',
  responsavelNome: 'Maria Clara Souza',
  colaboradores: [],
  metodo: 'muda',
  quantidade: 12,
  unidade: 'mudas',
  dataPlantio: '2026-03-01',
  notas: '',
  fase: 'crescendo',
  faseAnterior: null,
  motivoPerda: '',
  arquivado: false,
  totais: { colheitas: 0, kg: 0, unidades: 0, macos: 0, doadoKg: 0 },
  janela: { inicio: '2026-04-20', fim: '2026-05-10', diasParaColheita: 12, aberta: false, atrasado: false },
  version: 1,
  criadoEm: '2026-03-01T12:00:00Z',
  atualizadoEm: '2026-03-01T12:00:00Z',
  pode: { escrever: true, perder: true, arquivar: true },
  ...over,
});
