import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidate, useCreateAt, useWrite } from '@/lib/mutations';
import { enc, queryString } from '@/lib/api-path';
import { useCursorList } from '@/lib/cursor-list';
import { queryKeys } from '@/lib/query-keys';
import type {
  Escala,
  EscalaDetail,
  EscalaInput,
  EscalaPage,
  Feito,
  MemberPage,
  Partilha,
  PartilhaDetail,
  PartilhaInput,
  PartilhaPage,
  Reserva,
  Troca,
} from '@/types/api';

// Escalas (weekly rotas), partilha da colheita and "Minha escala" (/api/me/agenda).

const escalasPath = (groupId: string) => `/groups/${enc(groupId)}/escalas`;
const escalaPath = (groupId: string, escalaId: string) => `${escalasPath(groupId)}/${enc(escalaId)}`;

export function useEscalas(groupId: string) {
  return useCursorList({
    queryKey: queryKeys.mutiroes.escalas(groupId),
    fetchPage: (cursor) => api.get<EscalaPage>(`${escalasPath(groupId)}${queryString({ limit: 20, cursor })}`),
  });
}

export function useEscala(groupId: string, escalaId: string) {
  return useQuery({
    queryKey: queryKeys.mutiroes.escala(groupId, escalaId),
    queryFn: () => api.get<EscalaDetail>(escalaPath(groupId, escalaId)),
  });
}

const refreshEscalas = (groupId: string) => invalidate(queryKeys.mutiroes.escalas(groupId), queryKeys.mutiroes.agenda);

function useEscalaWrite<In, Out>(groupId: string, write: (input: In) => Promise<Out>) {
  return useWrite(write, refreshEscalas(groupId), { on: 'settled' });
}

export function useCreateEscala(groupId: string) {
  return useCreateAt<EscalaInput, Escala>(escalasPath(groupId), refreshEscalas(groupId), { on: 'settled' });
}

export function useUpdateEscala(groupId: string, escalaId: string) {
  return useEscalaWrite(groupId, (input: EscalaInput) => api.put<Escala>(escalaPath(groupId, escalaId), input));
}

export function useDeleteEscala(groupId: string, escalaId: string) {
  return useEscalaWrite(groupId, () => api.delete<void>(escalaPath(groupId, escalaId)));
}

export function useAskSwap(groupId: string, escalaId: string) {
  return useEscalaWrite(groupId, (input: { data: string; paraUserId: string }) => api.post<Troca>(`${escalaPath(groupId, escalaId)}/trocas`, input));
}

export function useAnswerSwap(groupId: string, escalaId: string) {
  return useEscalaWrite(groupId, ({ data, aceitar }: { data: string; aceitar: boolean }): Promise<unknown> =>
    aceitar
      ? api.post<Troca>(`${escalaPath(groupId, escalaId)}/trocas/${enc(data)}/aceitar`)
      : api.delete<void>(`${escalaPath(groupId, escalaId)}/trocas/${enc(data)}`),
  );
}

export function useMarkDone(groupId: string, escalaId: string) {
  return useEscalaWrite(groupId, (data: string) => api.post<Feito>(`${escalaPath(groupId, escalaId)}/feito`, { data }));
}


const partilhasPath = (groupId: string) => `/groups/${enc(groupId)}/partilhas`;
const partilhaPath = (groupId: string, partilhaId: string) => `${partilhasPath(groupId)}/${enc(partilhaId)}`;

export function usePartilhas(groupId: string) {
  return useCursorList({
    queryKey: queryKeys.mutiroes.partilhas(groupId),
    fetchPage: (cursor) => api.get<PartilhaPage>(`${partilhasPath(groupId)}${queryString({ limit: 20, cursor })}`),
  });
}

export function usePartilha(groupId: string, partilhaId: string) {
  return useQuery({
    queryKey: queryKeys.mutiroes.partilha(groupId, partilhaId),
    queryFn: () => api.get<PartilhaDetail>(partilhaPath(groupId, partilhaId)),
  });
}

function usePartilhaWrite<In, Out>(groupId: string, write: (input: In) => Promise<Out>) {
  return useWrite(write, invalidate(queryKeys.mutiroes.partilhas(groupId)), { on: 'settled' });
}

export function useCreatePartilha(groupId: string) {
  return useCreateAt<PartilhaInput, Partilha>(partilhasPath(groupId), invalidate(queryKeys.mutiroes.partilhas(groupId)), { on: 'settled' });
}

export function useReserve(groupId: string, partilhaId: string) {
  return usePartilhaWrite(groupId, (quantidade: number) => api.put<Reserva>(`${partilhaPath(groupId, partilhaId)}/reserva`, { quantidade }));
}

export function useGiveBack(groupId: string, partilhaId: string) {
  return usePartilhaWrite(groupId, () => api.delete<void>(`${partilhaPath(groupId, partilhaId)}/reserva`));
}

export function useDeliver(groupId: string, partilhaId: string) {
  return usePartilhaWrite(groupId, (userId: string) => api.post<Reserva>(`${partilhaPath(groupId, partilhaId)}/reservas/${enc(userId)}/entregue`));
}

export function useClosePartilha(groupId: string, partilhaId: string) {
  return usePartilhaWrite(groupId, () => api.post<Partilha>(`${partilhaPath(groupId, partilhaId)}/encerrar`));
}

/** The group's members (up to 100), for choosing who is on duty or who takes a turn. */
export function useGroupMembers(groupId: string) {
  return useQuery({
    queryKey: [...queryKeys.mutiroes.all(groupId), 'membros'],
    queryFn: () => api.get<MemberPage>(`/groups/${enc(groupId)}/members${queryString({ limit: 100 })}`),
    select: (page) => page.items,
  });
}
