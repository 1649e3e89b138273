/** List screens as the renderer benchmarks drive them: the API's own first page, nav clicks, page sizes. */
import type { Page } from 'playwright-core';
import type { RouteId } from '../../../shared';
import { apiGet } from '../../e2e/support';
import type { Harness } from '../../harness/launch';
import { arm, lastClick, painted } from './bench-page';
import type { PaintCondition } from './probe';

/** The list the figures use, and the one visited in between (same group, so the same code chunk). */
export const LIST = { area: 'customers', route: 'customers.list' } as const;
export const OTHER = { area: 'leads', route: 'leads.list' } as const;

/** The rows the list shows at this page size: the API's first page (the oracle). */
export async function rowsOf(h: Harness, route: RouteId, limit: number): Promise<Extract<PaintCondition, { kind: 'rows' }>> {
  const body = await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, { query: { limit } });
  const rows = body.data as { id: string }[];
  if (rows.length !== limit) throw new Error(`${route} has only ${rows.length} rows; the benchmark needs ${limit}`);
  return { kind: 'rows', count: limit, firstId: rows[0]!.id };
}

/**
 * How long the pointer rests on a link before clicking it, as a hand does (Playwright would click
 * at once): work the app does on hover, such as prefetch on intent, gets this head start.
 */
export const HOVER_MS = 100;

export interface NavTiming {
  /** Click (event timeStamp) to the end of the frame that painted the condition. */
  ms: number;
  click: number;
  painted: number;
  /** From the click's timeStamp to the first listener seeing it (main thread busy meanwhile). */
  inputDelay: number;
}

/** Hovers an area's link in the navigation, clicks it, and times click to painted (page clock). */
export async function navAndTime(page: Page, area: string, cond: PaintCondition): Promise<NavTiming> {
  const link = `nav [data-area="${area}"]`;
  await page.hover(link);
  await page.waitForTimeout(HOVER_MS);
  await arm(page, cond);
  await page.click(link);
  const stamp = await painted(page);
  const click = await lastClick(page);
  if (click.area !== area) throw new Error(`the last click was not on the ${area} link`);
  return { ms: stamp.painted - click.t, click: click.t, painted: stamp.painted, inputDelay: click.seen - click.t };
}

/** Chooses a page size in the list's pager (the system's select); returns once it changed. */
export async function choosePageSize(page: Page, size: number): Promise<void> {
  await page.selectOption('[data-testid="page-size"]', String(size));
}
