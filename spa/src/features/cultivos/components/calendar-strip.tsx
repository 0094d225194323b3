import type { Vegetal } from '@/types/api';
import '@/features/cultivos/cultivos.css';

// The sowing calendar as a 12-month strip per region: a filled month is a sowing month there.

export const regions = [
  { key: 'sul', label: 'Sul' },
  { key: 'sudeste', label: 'Sudeste' },
  { key: 'nordeste', label: 'Nordeste' },
  { key: 'centroOeste', label: 'Centro-Oeste' },
  { key: 'norte', label: 'Norte' },
] as const;

export type RegionKey = (typeof regions)[number]['key'];

const monthInitials = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];
const monthNames = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** The sowing months of a region in words: "o ano todo", "março a agosto", "não recomendado". */
export function monthsText(months: number[] | undefined): string {
  if (!months || months.length === 0) return 'não recomendado';
  if (months.length === 12) return 'o ano todo';
  // Runs of consecutive months, a run may wrap past December.
  const set = new Set(months);
  const starts = months.filter((m) => !set.has(m === 1 ? 12 : m - 1));
  return starts
    .map((start) => {
      let end = start;
      while (set.has(end === 12 ? 1 : end + 1) && (end === 12 ? 1 : end + 1) !== start) end = end === 12 ? 1 : end + 1;
      return start === end ? monthNames[start - 1] : `${monthNames[start - 1]} a ${monthNames[end - 1]}`;
    })
    .join(', ');
}

export function CalendarStrip({ semeadura, highlight, month }: { semeadura: Vegetal['semeadura']; highlight?: RegionKey | ''; month?: number }) {
  if (!semeadura) return <p className="cultivo-meta">A fonte não publica um calendário de semeadura para esta planta.</p>;
  return (
    // role="table": a data table (its cells are drawn, not read), not a layout one to the browser.
    <table className="calendar-strip" role="table">
      <caption className="visually-hidden">Meses de semeadura por região</caption>
      <thead>
        <tr>
          <th scope="col">Região</th>
          {monthInitials.map((m, i) => (
            <th key={i} scope="col" aria-current={month === i + 1 ? 'date' : undefined}>
              <abbr title={monthNames[i]}>{m}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {regions.map((r) => {
          const months = semeadura[r.key] ?? [];
          return (
            <tr key={r.key} data-highlight={highlight === r.key || undefined}>
              <th scope="row" role="rowheader">
                {r.label}
                <span className="visually-hidden">: {monthsText(months)}</span>
              </th>
              {monthInitials.map((_, i) => (
                <td key={i} data-on={months.includes(i + 1) || undefined} aria-hidden="true" />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
