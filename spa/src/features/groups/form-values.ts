import { cleanText } from '@/lib/text';
import type { GroupFormValues } from '@/features/groups/validation';
import type { GroupDetail, GroupInput, GroupUpdate, UF } from '@/types/api';

/** The create body from the form, every field given; validateGroup has passed it, so uf is a UF. */
export function groupInputFrom(v: GroupFormValues): Required<GroupInput> {
  return {
    nome: cleanText(v.nome),
    descricao: v.descricao.trim(),
    cidade: cleanText(v.cidade),
    uf: v.uf as UF,
    fotoCapa: v.fotoCapa.trim() || null,
    visibilidade: v.visibilidade,
    entrada: v.entrada,
    maxMembros: Number(v.maxMembros),
  };
}

/** The PATCH body: only what changed, with the version the form was filled from. */
export function groupUpdateFrom(v: GroupFormValues, group: GroupDetail): GroupUpdate {
  const next = groupInputFrom(v);
  const update: GroupUpdate = { version: group.version };
  if (next.nome !== group.nome) update.nome = next.nome;
  if (next.descricao !== group.descricao) update.descricao = next.descricao;
  if (next.cidade !== group.cidade) update.cidade = next.cidade;
  if (next.uf !== group.uf) update.uf = next.uf;
  if ((next.fotoCapa ?? '') !== (group.fotoCapa ?? '')) update.fotoCapa = next.fotoCapa ?? '';
  if (next.visibilidade !== group.visibilidade) update.visibilidade = next.visibilidade;
  if (next.entrada !== group.entrada) update.entrada = next.entrada;
  if (next.maxMembros !== group.maxMembros) update.maxMembros = next.maxMembros;
  return update;
}
