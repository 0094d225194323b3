// The words of /admin/dados.

export const entidades: [string, string][] = [
  ['membros', 'Membros (perfis)'],
  ['grupos', 'Grupos'],
  ['participacoes', 'Participações em grupos'],
  ['lotes', 'Lotes'],
  ['cultivos', 'Cultivos'],
  ['diario', 'Diário de cultivo'],
  ['colheitas', 'Colheitas'],
  ['posts', 'Posts'],
  ['comentarios', 'Comentários'],
  ['denuncias', 'Denúncias'],
  ['vegetais', 'Vegetais'],
  ['guias', 'Guias'],
  ['auditoria', 'Auditoria'],
];
export const entidadeLabel: Record<string, string> = Object.fromEntries(entidades);

export const statusLabel: Record<string, string> = {
  pendente: 'Na fila',
  processando: 'Processando',
  pronto: 'Pronto',
  erro: 'Falhou',
};

export const formatoLabel: Record<string, string> = { csv: 'CSV', jsonl: 'JSON Lines' };

/** A file size in Portuguese (1,5 MB). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['kB', 'MB', 'GB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[i]}`;
}
