/**
 * The Node side's calibration (issue 21): one fixed workload measured in the same run, so a timing
 * can be read as a multiple of it (`*_cal`) and compared across machines that differ 2x in speed.
 * The workload: JSON.parse and JSON.stringify of the same 2,000 customer-like records (about 1 MB),
 * what the core does most with an API's pages.
 */
import type { Figure } from './report';
import { median, round } from './stats';

function fixedText(): string {
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, object: 'customer', name: `לקוח ${i} Customer ${i}`,
    email: `c${i}@example.com`, phones: [{ value: `050-${String(i).padStart(7, '0')}`, primary: true }], status: i % 4 ? 'active' : 'inactive',
    address: { street: 'הרצל', street_number: String(i % 200), city: 'תל אביב-יפו', postal_code: null, country_code: 'IL' },
    tags: ['vip', 'north'], created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), updated_at: new Date(Date.UTC(2026, 1, 1) + i * 60_000).toISOString(),
  }));
  return JSON.stringify({ data: rows });
}

/** The calibration workload's median time in ms (after a warm-up). */
export function nodeCalibrationMs(rounds = 25): number {
  const text = fixedText();
  for (let i = 0; i < 5; i++) JSON.stringify(JSON.parse(text));
  const s: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    JSON.stringify(JSON.parse(text));
    s.push(performance.now() - t);
  }
  return median(s);
}

/** Parts of the bench whose timings are Node-side (the renderer's are Chromium's). */
export const NODE_PARTS = new Set(['sandbox', 'client', 'export', 'local', 'localScale']);

/** For each Node-side figure in ms, the same figure as a multiple of the calibration (target too). */
export function calibrated(figures: readonly Figure[], calMs: number): Figure[] {
  return figures.filter((f) => f.unit === 'ms' && f.value !== null).map((f) => ({
    key: `${f.key}_cal`, label: `${f.label} (x calibration)`, value: round(f.value! / calMs, 2), unit: 'x cal',
    ...(f.p95 !== undefined && f.p95 !== null ? { p95: round(f.p95 / calMs, 2) } : {}),
    ...(f.samples !== undefined ? { samples: f.samples } : {}),
    ...(f.calTarget !== undefined ? { target: { op: '<=' as const, value: f.calTarget } }
      : f.target?.op === '<=' && f.target.value !== undefined ? { target: { op: '<=' as const, value: round(f.target.value / calMs, 2), ...(f.target.on ? { on: f.target.on } : {}) } } : { target: { op: 'report' as const } }),
    ...(f.kind ? { kind: f.kind } : {}),
    note: `${f.key} / node_cal_ms (${round(calMs, 2)} ms in this run)${f.target?.op === '<=' ? `; target ${f.target.value} ms is ${round(f.target.value! / calMs, 2)} x cal on this machine` : ''}`,
  }));
}

export function calibrationFigure(calMs: number): Figure {
  return {
    key: 'node_cal_ms', label: 'Node calibration: JSON.parse + stringify of 2,000 customer records (~1 MB)', value: round(calMs, 2), unit: 'ms', target: { op: 'report' },
    note: 'a fixed workload measured in the same run; every Node-side timing is also given as a multiple of it (`*_cal`), which compares across machines of different speed', kind: 'baseline',
  };
}
