/**
 * Frame times while scrolling a list with mouse-wheel steps over the table, down and back, while a
 * requestAnimationFrame loop records every frame; p95 of the intervals between frames (16.7 ms is one
 * frame at 60 Hz). scroll_p95_frame_ms: 10,000 rows loaded with "Load all" (the virtualised body);
 * scroll_100_p95_frame_ms: the paged table at 100 rows.
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

/** Wheel steps down and back over the table; the frame intervals meanwhile and how far it scrolled. */
async function wheel(page: BenchPage['page'], passes: number, steps: number): Promise<{ intervals: number[]; maxY: number }> {
  await page.mouse.move(700, 500);
  await page.evaluate(() => (globalThis as unknown as ProbeGlobals).__bench.startFrames());
  let maxY = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (const dir of [1, -1]) {
      for (let i = 0; i < steps; i++) {
        await page.mouse.wheel(0, dir * STEP_PX);
        await page.waitForTimeout(16);
      }
      maxY = Math.max(maxY, await page.evaluate(() => (globalThis as unknown as ProbeGlobals).__bench.scrollY()));
    }
  }
  return { intervals: await page.evaluate(() => (globalThis as unknown as ProbeGlobals).__bench.stopFrames()), maxY };
}

function frameFigure(key: string, rows: number, what: string, passes: number, steps: number, r: { intervals: number[]; maxY: number }): Figure {
  const s = summarize(r.intervals);
  const long = r.intervals.filter((ms) => ms > FRAME_MS * 1.5).length;
  return {
    key, label: `frame time while scrolling ${rows.toLocaleString('en-US')} loaded rows`, value: s.p95, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 16.7, slack: 0.3 },
    note: `${what}: ${passes} passes of ${steps} wheel steps of ${STEP_PX} px down and back up (scrolled to ${Math.round(r.maxY)} px), one step every ~16 ms; rAF frame intervals, p95 (median ${round(median(r.intervals), 1)} ms, longest ${round(Math.max(...r.intervals), 1)} ms; ${long} of ${r.intervals.length} intervals longer than 1.5 frames). The sample count is the number of frame intervals. Idle frames here measure 16.5-16.8 ms (vsync timestamp jitter), hence 0.3 ms of slack on the target.`,
  };
}

/** The paged table at 100 rows. */
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
  return frameFigure('scroll_100_p95_frame_ms', rows, `the paged table at ${rows} rows`, PASSES, STEPS, await wheel(page, PASSES, STEPS));
}

/**
 * 10,000 customers loaded with "Load all" (a harness of its own whose sandbox has 10,004, four of
 * them deleted by the seed), scrolled in the virtualised body: long steps reach deep into the list.
 */
export async function benchScrollAll(b: BenchPage, expected: number): Promise<Figure> {
  const { page } = b;
  await page.click(`nav [data-area="${LIST.area}"]`);
  await page.waitForSelector('[data-testid="list-table"] tbody tr');
  await page.click('[data-testid="load-all"]');
  await page.waitForFunction((n) => {
    const el = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(a: string): string | null } | null } }).document.querySelector('[data-testid="load-all-status"]');
    return el?.getAttribute('data-status') === 'done' && Number(el.getAttribute('data-count')) === n;
  }, expected, { timeout: 180_000 });
  await page.waitForSelector('[data-testid="list-virtual"]');
  await settle(page, 500);
  const steps = 60;
  return frameFigure('scroll_p95_frame_ms', expected, 'the customers list with every row loaded (virtualised body)', PASSES, steps, await wheel(page, PASSES, steps));
}
