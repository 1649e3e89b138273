/**
 * What every benchmark hands back, and how `npm run bench` prints it: one markdown summary
 * (figure, median, p95, samples, target, met) with a note per figure, then one JSON line.
 */

export interface Target {
  /** `<=`: met when the median is at most `value`; `report`: a figure to watch, no target. */
  op: '<=' | 'report';
  value?: number;
  /** Measurement jitter allowed above `value`, said in the summary (e.g. vsync timestamps). */
  slack?: number;
  /** Which figure the target holds: the median (default) or the 95th percentile. */
  on?: 'median' | 'p95';
}

export interface Figure {
  /** Key in the JSON line. */
  key: string;
  /** What it is, in words, for the summary. */
  label: string;
  /** The figure (a median unless the note says otherwise); null when it could not be measured. */
  value: number | null;
  unit: string;
  p95?: number | null;
  samples?: number;
  target?: Target;
  /** How it was measured, and anything the reader needs to judge it. */
  note?: string;
  /** Baselines and earlier figures go into a second table. */
  kind?: 'issue' | 'baseline';
  /** A target of its own for the figure as a multiple of the Node calibration (`<key>_cal`, calibration.ts). */
  calTarget?: number;
}

export function figure(f: Figure): Figure {
  return f;
}

/** A figure that could not be measured: null, with the reason in its note. */
export function failed(key: string, label: string, unit: string, reason: unknown, target?: Target): Figure {
  const why = reason instanceof Error ? reason.message.split('\n')[0] : String(reason);
  return { key, label, unit, value: null, ...(target ? { target } : {}), note: `not measured: ${why}` };
}

const num = (n: number | null | undefined): string => (n === null || n === undefined || Number.isNaN(n) ? '-' : String(n));

function met(f: Figure): string {
  if (!f.target || f.target.op === 'report') return 'report';
  const v = f.target.on === 'p95' ? f.p95 : f.value;
  if (v === null || v === undefined) return 'n/a';
  return v <= (f.target.value ?? Number.POSITIVE_INFINITY) + (f.target.slack ?? 0) ? 'yes' : 'no';
}

const targetText = (f: Figure): string =>
  !f.target || f.target.op === 'report' ? 'report' : `<= ${f.target.value} ${f.unit}${f.target.on === 'p95' ? ' p95' : ''}${f.target.slack ? ` (+${f.target.slack} jitter)` : ''}`;

function table(rows: readonly Figure[], withTarget: boolean): string[] {
  const head = withTarget ? '| figure | median | p95 | samples | target | met |' : '| figure | value | p95 | samples |';
  const rule = withTarget ? '|---|---|---|---|---|---|' : '|---|---|---|---|';
  const lines = [head, rule];
  for (const f of rows) {
    const name = `\`${f.key}\` ${f.label}`;
    const value = f.value === null ? 'null' : `${f.value} ${f.unit}`;
    const cells = [name, value, num(f.p95), num(f.samples)];
    if (withTarget) cells.push(targetText(f), met(f));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

/** The markdown summary: the issue's figures with targets, then baselines, then one note per figure. */
export function markdown(figures: readonly Figure[], header: readonly string[]): string {
  const issue = figures.filter((f) => f.kind !== 'baseline');
  const base = figures.filter((f) => f.kind === 'baseline');
  const out = ['## Benchmarks (issue 9)', '', ...header, '', ...table(issue, true), ''];
  if (base.length) out.push('### Baselines and earlier figures', '', ...table(base, false), '');
  out.push('### How each figure was measured', '');
  for (const f of figures) if (f.note) out.push(`- \`${f.key}\`: ${f.note}`);
  return out.join('\n');
}

/** The last line: every figure by key, issue figures first. */
export function jsonLine(figures: readonly Figure[]): string {
  const all: Record<string, number | null> = {};
  for (const f of figures.filter((x) => x.kind !== 'baseline')) all[f.key] = f.value;
  for (const f of figures.filter((x) => x.kind === 'baseline')) all[f.key] = f.value;
  return JSON.stringify(all);
}
