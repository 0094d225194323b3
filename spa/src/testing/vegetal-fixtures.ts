import type { Vegetal } from '@/types/api';

// A vegetal of the catalogue as GET /api/vegetables answers it (every text empty, sown in no
// month), for the screens' tests (cultivos, /admin/vegetais): a test names what it reads.

export const vegetalFixture = (over: Partial<Vegetal> = {}): Vegetal => ({
  id: 'alface-verao',
  nome: 'Alface (verão)',
  estacao: '',
  diasColheitaMin: 50,
  diasColheitaMax: 70,
  semeadura: { sul: [], sudeste: [], nordeste: [], centroOeste: [], norte: [] },
  espacamento: '',
  espacamentoFonte: '',
  nomeCientifico: '',
  familia: '',
  metodo: '',
  profundidade: '',
  sol: '',
  rega: '',
  cuidados: '',
  companheiras: [],
  pragas: '',
  nomesPopulares: [],
  fontes: {},
  fonte: '',
  arquivado: false,
  ...over,
});
