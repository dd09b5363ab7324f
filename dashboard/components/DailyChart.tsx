// A daily line chart drawn with uPlot. Why uPlot: ~50 KB minified (~20 KB gzip) for fast canvas
// time series, no dependencies, and it styles itself through the CSSOM (element.style), which the
// console's strict CSP allows — unlike libraries that write style attributes. It is imported on
// demand, so it only reaches browsers that open the analytics page (the first screen stays small).
// A canvas says nothing to a screen reader: the figure carries a summary as its label and the same
// numbers as a table under "Show as a table".
import { useEffect, useRef } from 'preact/hooks';
import { timeZone, type MetricsReport } from '../models/analytics.js';
import 'uplot/dist/uPlot.min.css';

type Row = MetricsReport['data'][number];
export interface Series {
  key: keyof Omit<Row, 'date'>;
  label: string;
  color: string;
}

const HEIGHT = 220;

function format(v: number | null, asPercent: boolean) {
  if (v === null) return '–';
  return asPercent ? `${Math.round(v * 1000) / 10}%` : String(v);
}

export function DailyChart({ title, rows, series, asPercent = false }: { title: string; rows: Row[]; series: Series[]; asPercent?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import('uplot').then(({ default: uPlot }) => {
      if (cancelled) return;
      const x = rows.map((r) => Date.parse(`${r.date}T00:00:00Z`) / 1000);
      const data = [x, ...series.map((s) => rows.map((r) => (r[s.key] === null ? null : asPercent ? Number(r[s.key]) * 100 : Number(r[s.key]))))];
      plot = new uPlot(
        {
          width: Math.max(200, el.clientWidth),
          height: HEIGHT,
          tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { y: asPercent ? { range: [0, 100] } : { range: (_u: unknown, _min: number, max: number) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
          axes: [{ stroke: '#555d6b' }, { stroke: '#555d6b', values: (_u: unknown, ticks: number[]) => ticks.map((t) => (asPercent ? `${t}%` : String(t))) }],
          series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: rows.length <= 31 }, spanGaps: false }))],
        },
        data as never,
        el,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [rows, series, asPercent]);

  // Rates do not add up over days: their summary points to the cards and the table instead.
  const summary = asPercent ? 'Each day is listed under "Show as a table"' : series.map((s) => `${s.label}: ${total(rows, s.key)} in total`).join('; ');
  return (
    <figure class="card chart">
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      <div ref={host} class="chart-canvas" role="img" aria-label={`${title}, per day. ${summary}.`} />
      <details class="chart-table">
        <summary>Show as a table<span class="sr-only">: {title}</span></summary>
        <div class="table-scroll" tabIndex={0} role="region" aria-label={`${title}, table`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Day ({timeZone.value})</th>
                {series.map((s) => (
                  <th scope="col" key={s.key}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date}>
                  <th scope="row">{r.date}</th>
                  {series.map((s) => (
                    <td key={s.key}>{format(r[s.key] as number | null, asPercent)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

const total = (rows: Row[], key: Series['key']) => rows.reduce((sum, r) => sum + Number(r[key] ?? 0), 0);
