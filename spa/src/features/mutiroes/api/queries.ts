import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Agenda } from '@/types/api';

/** "Minha escala" (GET /api/me/agenda): my coming mutirões, weekly turns and swaps; the dashboard's card. */
export const agendaQuery = {
  queryKey: queryKeys.mutiroes.agenda,
  queryFn: () => api.get<Agenda>('/me/agenda'),
};
