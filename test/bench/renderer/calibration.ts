/**
 * The renderer side's calibration (issue 21): a fixed workload in the same Chromium, measured in the
 * same run, so each renderer timing can also be read as a multiple of it (`*_cal`) on machines that
 * differ 2x in speed. The workload: a plain 100-row, 6-column table put into the page and painted
 * (innerHTML, then the frame that lays it out and paints it), the shape of a list's page.
 */
import type { Page } from 'playwright-core';
import type { Figure } from '../report';
import { median, round } from '../stats';

/**
 * The workload as plain JavaScript text: a serialised TS function would carry the transpiler's
 * helpers (`__name`), which do not exist in the page.
 */
const WORKLOAD = (rounds: number) => `(async () => {
  const rows = Array.from({ length: 100 }, (_, i) => '<tr>' + Array.from({ length: 6 }, (_, j) => '<td>Cell ' + i + '.' + j + ' לקוח ' + i + '</td>').join('') + '</tr>').join('');
  const html = '<table><thead><tr>' + '<th>Column</th>'.repeat(6) + '</tr></thead><tbody>' + rows + '</tbody></table>';
  const once = () => new Promise((resolve) => {
    const t = performance.now();
    const box = document.createElement('div');
    box.innerHTML = html;
    document.body.appendChild(box);
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { const ms = performance.now() - t; box.remove(); resolve(ms); };
      ch.port2.postMessage(null);
    });
  });
  for (let i = 0; i < 5; i++) await once();
  const out = [];
  for (let i = 0; i < ${rounds}; i++) out.push(await once());
  return out;
})()`;

/** Median ms of the fixed table's paint, after a warm-up. */
export async function rendererCalibrationMs(page: Page, rounds = 25): Promise<number> {
  const samples = (await page.evaluate(WORKLOAD(rounds))) as number[];
  return median(samples);
}

/** Each renderer timing in ms again as a multiple of the calibration (its target too). */
export function calibratedRenderer(figures: readonly Figure[], calMs: number): Figure[] {
  return figures.filter((f) => f.unit === 'ms' && f.value !== null).map((f) => ({
    key: `${f.key}_cal`, label: `${f.label} (x renderer calibration)`, value: round(f.value! / calMs, 2), unit: 'x cal',
    ...(f.p95 !== undefined && f.p95 !== null ? { p95: round(f.p95 / calMs, 2) } : {}),
    ...(f.target?.op === '<=' && f.target.value !== undefined ? { target: { ...f.target, value: round(f.target.value / calMs, 2) } } : {}),
    note: `${f.key} / renderer_calibration_ms (${round(calMs, 2)} ms in this run)`,
    kind: 'baseline' as const,
  }));
}
