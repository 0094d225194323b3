// Number and date formats of the admin statistics (pt-BR).

const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export function formatNumero(n: number, decimals = false): string {
  return (decimals ? decimal : inteiro).format(n);
}

/** yyyy-mm-dd as dd/mm/aaaa. */
export function formatDia(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** yyyy-mm-dd as dd/mm. */
export function formatDiaCurto(iso: string): string {
  const [, m, d] = iso.split('-');
  return `${d}/${m}`;
}

const meses = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** A period's label: a day, a week (from its Monday) or a month. */
export function formatPeriodo(inicio: string, fim: string, granularidade: string): string {
  if (granularidade === 'mes') {
    const [y, m] = inicio.split('-');
    return `${meses[Number(m) - 1]}/${y}`;
  }
  if (granularidade === 'semana') return `${formatDiaCurto(inicio)}–${formatDiaCurto(fim)}`;
  return formatDiaCurto(inicio);
}

/** The change against the previous period, as a signed percentage or difference. */
export function variacao(valor: number, anterior: number): { texto: string; sentido: 'sobe' | 'desce' | 'igual' } {
  const diff = valor - anterior;
  if (Math.abs(diff) < 1e-9) return { texto: 'sem variação', sentido: 'igual' };
  const sentido = diff > 0 ? 'sobe' : 'desce';
  if (anterior === 0) return { texto: `${diff > 0 ? '+' : '−'}${formatNumero(Math.abs(diff), true)}`, sentido };
  const pct = (diff / anterior) * 100;
  return { texto: `${pct > 0 ? '+' : '−'}${formatNumero(Math.abs(pct), true)}%`, sentido };
}
