/**
 * page_size_change_ms: from the click on another page size to the moment the list request leaves
 * the renderer (the probe stamps each bridge call as it reaches the transport). A page size whose
 * page is cached sends nothing, so every run is on a freshly loaded list (25 rows, the loads are
 * shared with first_visit_ms in fresh-loads.ts): 25 -> 50 is the figure, then 50 -> 100 (from 50
 * rows on screen) is reported beside it.
 */
import type { Page } from 'playwright-core';
import type { Figure } from '../report';
import { summarize } from '../stats';
import { bridgeCalls, lastClick, settle } from './bench-page';
import { choosePageSize, LIST } from './lists';
import type { ProbeGlobals } from './probe';

/** Click on the option to the start of the list call with this limit (page clock). */
async function changeTo(page: Page, size: number): Promise<number> {
  const before = (await bridgeCalls(page)).length;
  await choosePageSize(page, size);
  const click = await lastClick(page);
  if (click.option !== String(size)) throw new Error(`the last click was not on the page size option ${size}`);
  await page.waitForFunction(([n, route, limit]) => (globalThis as unknown as ProbeGlobals).__bench.calls.slice(n).some((c) => c.route === route && c.limit === limit), [before, LIST.route, size] as const, { timeout: 15_000 });
  const call = (await bridgeCalls(page)).slice(before).find((c) => c.route === LIST.route && c.limit === size)!;
  return call.start - click.t;
}

export interface PageSizeSample {
  to50: number;
  to100: number;
}

/** On the list at 25 rows, pages not cached: 25 -> 50, then 50 -> 100. */
export async function pageSizeOnce(page: Page): Promise<PageSizeSample> {
  const to50 = await changeTo(page, 50);
  await page.waitForSelector('[data-testid="list-table"] tbody tr:nth-child(50)');
  await settle(page);
  const to100 = await changeTo(page, 100);
  await page.waitForSelector('[data-testid="list-table"] tbody tr:nth-child(100)');
  return { to50, to100 };
}

export function pageSizeFigure(samples: readonly PageSizeSample[]): Figure {
  const s = summarize(samples.map((x) => x.to50));
  const s100 = summarize(samples.map((x) => x.to100));
  return {
    key: 'page_size_change_ms', label: 'click to request sent', value: s.median, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 16 },
    note: `25 -> 50 rows: click on the option (event timeStamp) to the list call reaching the bridge transport (stamped in the page as window.bridge.invoke hands it over); on a freshly loaded list, so that the new size is not cached; 50 -> 100 rows in the same runs: median ${s100.median} ms, p95 ${s100.p95} ms.`,
  };
}
