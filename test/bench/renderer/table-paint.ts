/**
 * table_paint_ms, table_paint_100_ms and row_render_ms: back to a list whose page is cached, through
 * the navigation link, from the click to the frame that paints its rows. The list is left for
 * another list of the same group (25 rows, same code chunk) and clicked back; the click's event
 * timeStamp and the post-paint stamp are both taken in the page. The 25- and 100-row cases take
 * turns in every round (the page size switched in the pager, both pages cached), so a busy moment
 * of the machine weighs on both alike and their difference (row_render_ms) stays meaningful.
 */
import type { Figure } from '../report';
import { median, round, summarize } from '../stats';
import type { Harness } from '../../harness/launch';
import { callsBetween, settle, type BenchPage } from './bench-page';
import { choosePageSize, HOVER_MS, LIST, navAndTime, OTHER, rowsOf } from './lists';

const WARMUP = 2;
const RUNS = 16;

export async function benchTablePaint(b: BenchPage, h: Harness): Promise<Figure[]> {
  const { page } = b;
  const list25 = await rowsOf(h, LIST.route, 25);
  const list100 = await rowsOf(h, LIST.route, 100);
  const other = await rowsOf(h, OTHER.route, 25);
  await b.load();
  await navAndTime(page, LIST.area, list25);
  const samples = { 25: [] as number[], 100: [] as number[] };
  let calls = 0;
  const inputDelays: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const size of [25, 100] as const) {
      // On the list at the other size: switch (cached after the first round), leave, come back.
      await choosePageSize(page, size);
      await page.waitForSelector(`[data-testid="list-table"] tbody tr:nth-child(${size})`);
      await settle(page);
      await navAndTime(page, OTHER.area, other);
      await settle(page);
      const t = await navAndTime(page, LIST.area, size === 25 ? list25 : list100);
      // A list call inside the interval means the page was refetched (stale after 30 s) as it showed.
      calls += (await callsBetween(page, t.click, t.painted)).filter((c) => c.operation === 'api.call').length;
      if (i >= WARMUP) {
        samples[size].push(t.ms);
        inputDelays.push(t.inputDelay);
      }
      await settle(page);
    }
  }
  const s25 = summarize(samples[25]);
  const s100 = summarize(samples[100]);
  const perRow = round((s100.median - s25.median) / 75, 2);
  const how = `click on the nav link (event timeStamp) to the end of the frame that paints the rows (MutationObserver sees them, then requestAnimationFrame + MessageChannel), coming back from ${OTHER.area} (25 rows) to a cached ${LIST.area} page, the pointer resting ${HOVER_MS} ms on the link first; ${WARMUP} warm-up rounds; 25 and 100 rows take turns each round; of which input delay (click timeStamp to its first listener) ${round(median(inputDelays), 1)} ms median`;
  return [
    { key: 'table_paint_ms', label: 'back to a cached 25-row list', value: s25.median, unit: 'ms', p95: s25.p95, samples: s25.n, target: { op: '<=', value: 40 },
      note: `${how}; API calls that started inside the timed intervals (25 and 100 together): ${calls}.` },
    { key: 'table_paint_100_ms', label: 'back to a cached 100-row list', value: s100.median, unit: 'ms', p95: s100.p95, samples: s100.n, target: { op: '<=', value: 80 },
      note: 'the same with the list at 100 rows per page (chosen in the pager just before leaving it).' },
    { key: 'row_render_ms', label: 'per row', value: perRow, unit: 'ms', samples: s25.n + s100.n, target: { op: '<=', value: 0.3 },
      note: `difference method: (median table_paint_100_ms - median table_paint_ms) / 75 = (${s100.median} - ${s25.median}) / 75; no React Profiler (the production build has none).` },
  ];
}
