import { formatNumber, plural } from '@/lib/format';

// How mutirões and reports say things: times in Brasília (where the group's garden is, whatever
// the browser's zone), hours from minutes.

const weekdays = ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'];
const months = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];
const two = (n: number) => String(n).padStart(2, '0');

/** The instant as Brasília's wall clock (read with the UTC getters). */
function brasilia(iso: string): Date {
  return new Date(new Date(iso).getTime() - 3 * 3600_000);
}

/** 'sáb., 12 de mar. de 2030' in Brasília. */
export function diaMutirao(iso: string): string {
  const d = brasilia(iso);
  return `${weekdays[d.getUTCDay()]}, ${d.getUTCDate()} de ${months[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

/** '08:00' in Brasília. */
export function horaMutirao(iso: string): string {
  const d = brasilia(iso);
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** '08:00 às 11:00'. */
export function horarioMutirao(iso: string, duracaoMin: number): string {
  const fim = new Date(new Date(iso).getTime() + duracaoMin * 60_000).toISOString();
  return `${horaMutirao(iso)} às ${horaMutirao(fim)}`;
}

/** The yyyy-mm-dd of the instant in Brasília. */
export function dataBrasilia(iso: string): string {
  return brasilia(iso).toISOString().slice(0, 10);
}

/** '2 h', '1 h 30 min', '45 min'. */
export function horasTexto(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  if (h === 0) return `${m} min`;
  if (m === 0) return `${h} h`;
  return `${h} h ${m} min`;
}

/** Minutes as hours with up to two decimals: '2,5'. */
export function horasDecimal(min: number): string {
  return formatNumber(min / 60, 2);
}

export function kg(n: number): string {
  return `${formatNumber(n, 2)} kg`;
}

/** '3 de 6 vagas', with the waiting list when there is one. */
export function vagasTexto(inscritos: number, vagas: number, espera: number): string {
  const base = `${inscritos} de ${plural(vagas, 'vaga', 'vagas')}`;
  return espera > 0 ? `${base} · ${espera} na espera` : base;
}

export const diasSemana = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const diasCurtos = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** 'seg, qua e sex'. */
export function diasTexto(dias: number[]): string {
  const nomes = [...dias].sort((a, b) => a - b).map((d) => diasCurtos[d]!);
  return nomes.length <= 1 ? (nomes[0] ?? '') : `${nomes.slice(0, -1).join(', ')} e ${nomes[nomes.length - 1]}`;
}

/** A yyyy-mm-dd day as 'sexta, 14/03'. */
export function diaTexto(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const wd = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
  return `${diasSemana[wd]}, ${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}`;
}

/** What a mutirão's link says when shared (WhatsApp, the share sheet): what, when, where. */
export function mutiraoShareText(m: { titulo: string; inicio: string; duracaoMin: number; local: string }): string {
  return `Mutirão "${m.titulo}" na horta: ${diaMutirao(m.inicio)}, ${horarioMutirao(m.inicio, m.duracaoMin)}, em ${m.local}. Vem ajudar! Inscreva-se no Verde:`;
}
