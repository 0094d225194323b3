import type { LoteStatus } from '@/types/api';

/** The words the screens show for a lote's status. */
export const loteStatusLabel: Record<LoteStatus, string> = {
  livre: 'livre',
  ocupado: 'ocupado',
  manutencao: 'manutenção',
};
