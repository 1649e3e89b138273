/**
 * scroll_p95_frame_ms: the list at 100 rows (until the UX issue brings 10,000), scrolled with
 * mouse-wheel steps over the table, down to the end and back, while a requestAnimationFrame loop
 * records every frame; p95 of the intervals between frames (16.7 ms is one frame at 60 Hz).
 */
import type { Figure } from '../report';
import { median, round, summarize } from '../stats';
import type { Harness } from '../../harness/launch';
import { settle, type BenchPage } from './bench-page';
import { choosePageSize, LIST, navAndTime, OTHER, rowsOf } from './lists';
import type { ProbeGlobals } from './probe';

const PASSES = 3;
const STEPS = 30;
const STEP_PX = 120;
const FRAME_MS = 1000 / 60;

export async function benchScroll(b: BenchPage, h: Harness): Promise<Figure> {
  const { page } = b;
  // The list keeps its page size of 100 from the table-paint benchmark; chosen here if it was not.
  await navAndTime(page, OTHER.area, await rowsOf(h, OTHER.route, 25));
  await page.click(`nav [data-area="${LIST.area}"]`);
  await page.waitForSelector('[data-testid="list-table"] tbody tr');
  if ((await page.locator('[data-testid="list-table"] tbody tr').count()) !== 100) await choosePageSize(page, 100);
  await page.waitForSelector('[data-testid="list-table"] tbody tr:nth-child(100)');
  await settle(page, 300);
  const rows = await page.locator('[data-testid="list-table"] tbody tr').count();
  await page.evaluate(() => (globalThis as unknown as ProbeGlobals).scrollTo(0, 0));
  await page.mouse.move(700, 500);
  await page.evaluate(() => (globalThis as unknown as ProbeGlobals).__bench.startFrames());
  let maxY = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    for (const dir of [1, -1]) {
      for (let i = 0; i < STEPS; i++) {
        await page.mouse.wheel(0, dir * STEP_PX);
        await page.waitForTimeout(16);
      }
      maxY = Math.max(maxY, await page.evaluate(() => (globalThis as unknown as ProbeGlobals).__bench.scrollY()));
    }
  }
  const intervals = await page.evaluate(() => (globalThis as unknown as ProbeGlobals).__bench.stopFrames());
  const s = summarize(intervals);
  const long = intervals.filter((ms) => ms > FRAME_MS * 1.5).length;
  return {
    key: 'scroll_p95_frame_ms', label: `frame time while scrolling ${rows} loaded rows`, value: s.p95, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 16.7, slack: 0.3 },
    note: `${PASSES} passes of ${STEPS} wheel steps of ${STEP_PX} px down and back up over the ${rows}-row table (scrolled to ${Math.round(maxY)} px), one step every ~16 ms; rAF frame intervals, p95 (median ${round(median(intervals), 1)} ms, longest ${round(Math.max(...intervals), 1)} ms; ${long} of ${intervals.length} intervals longer than 1.5 frames). The sample count is the number of frame intervals. Idle frames here measure 16.5-16.8 ms (vsync timestamp jitter), hence 0.3 ms of slack on the target.`,
  };
}
