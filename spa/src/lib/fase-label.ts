import type { Fase } from '@/types/api';

// Each fase of a cultivo as the screens name it (the cultivo screens, and a post's cultivo in the feed).
export const faseLabel: Record<Fase, string> = {
  planejado: 'Planejado',
  semeado: 'Semeado',
  germinando: 'Germinando',
  crescendo: 'Crescendo',
  florescendo: 'Florescendo',
  pronto: 'Pronto para colheita',
  colhido: 'Colhido',
  perdido: 'Perdido',
};
