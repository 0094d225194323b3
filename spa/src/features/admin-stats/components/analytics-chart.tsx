import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumero, formatPeriodo } from '@/features/admin-stats/stats-format';
import '@/features/admin-stats/admin-stats.css';

export interface ChartSerie {
  /** Period starts, yyyy-mm-dd. */
  inicios: string[];
  fins: string[];
  valores: number[];
}

const toTs = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 1000;

/**
 * One metric over time, drawn by uPlot (a canvas; loaded only on /admin/analytics). The chart is
 * hidden from screen readers: the page's "Ver tabela" table carries the same numbers.
 */
export function AnalyticsChart({ titulo, serie, granularidade, decimais, cor }: { titulo: string; serie: ChartSerie; granularidade: string; decimais?: boolean; cor: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = serie.inicios.map(toTs);
    const byTs = new Map(xs.map((x, i) => [x, i]));
    const label = (ts: number) => {
      const i = byTs.get(ts);
      return i === undefined ? '' : formatPeriodo(serie.inicios[i] ?? '', serie.fins[i] ?? '', granularidade);
    };
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 240),
      height: 180,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      // Room at the right for the last date's label, centred on the last point (it was cut off).
      padding: [12, 28, 0, 0],
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        {
          stroke: '#55655a',
          grid: { show: false },
          values: (_u, splits) => splits.map((s) => label(s)),
          splits: () => pickTicks(xs, el.clientWidth < 480 ? 4 : 8),
        },
        {
          stroke: '#55655a',
          grid: { stroke: '#e3ebe4' },
          size: 48,
          // Counts step by whole numbers; kg and daily averages may step by fractions.
          ...(decimais ? {} : { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000] }),
          values: (_u, splits) => splits.map((s) => formatNumero(s, decimais)),
        },
      ],
      series: [
        {},
        {
          label: titulo,
          stroke: cor,
          width: 2,
          fill: cor + '22',
          points: { show: xs.length <= (el.clientWidth < 480 ? 16 : 40), size: 5 },
        },
      ],
    };
    const plot = new uPlot(opts, [xs, serie.valores], el);
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 240), height: 180 }));
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      plot.destroy();
    };
  }, [serie, granularidade, titulo, decimais, cor]);
  return <div ref={box} className="analytics-canvas" aria-hidden="true" />;
}

/** At most n evenly spaced x values (always the first and the last). */
function pickTicks(xs: number[], n: number): number[] {
  if (xs.length <= n) return xs;
  const step = (xs.length - 1) / (n - 1);
  return Array.from({ length: n }, (_, i) => xs[Math.round(i * step)] ?? 0);
}
