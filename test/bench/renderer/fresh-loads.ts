/**
 * The runs that need a freshly loaded app: each loads the home screen anew (HTTP cache off), times
 * the first visit to the list (first-visit.ts), then, on that list whose other page sizes are not
 * cached yet, times the page size changes (page-size.ts). Sharing the loads halves the time.
 */
import { basename } from 'node:path';
import type { Figure } from '../report';
import type { Harness } from '../../harness/launch';
import { settle, type BenchPage } from './bench-page';
import { firstVisitFigure, firstVisitOnce, type FirstVisitSample } from './first-visit';
import { choosePageSize, LIST, rowsOf } from './lists';
import { pageSizeFigure, pageSizeOnce, type PageSizeSample } from './page-size';

const WARMUP = 1;
const RUNS = 15;
const IDLE_MS = 500;

export interface FreshLoads {
  firstVisit: Figure;
  pageSize: Figure;
  /** File names of the scripts the home screen fetched before the first click (last run). */
  homeScripts: string[];
}

/** The list back at 25 rows a page, long enough for its view to be saved (the save waits 300 ms). */
async function backTo25(page: BenchPage['page']): Promise<void> {
  await page.click(`nav [data-area="${LIST.area}"]`);
  await page.waitForSelector('[data-testid="list-table"] tbody tr');
  await choosePageSize(page, 25);
  await page.waitForSelector('[data-testid="list-table"] tbody tr:nth-child(25)');
  await settle(page, 600);
}

export async function benchFreshLoads(b: BenchPage, h: Harness): Promise<FreshLoads> {
  const { page } = b;
  const cond = await rowsOf(h, LIST.route, 25);
  const visits: FirstVisitSample[] = [];
  const sizes: PageSizeSample[] = [];
  let homeScripts: string[] = [];
  // Main keeps the table's view (its page size too) across loads: start every run from 25 rows.
  await backTo25(page);
  await b.setCacheDisabled(true);
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const scripts: string[] = [];
      const onRequest = (r: { resourceType(): string; url(): string }) => { if (r.resourceType() === 'script') scripts.push(basename(new URL(r.url()).pathname)); };
      page.on('request', onRequest);
      await b.load();
      await settle(page, IDLE_MS);
      page.off('request', onRequest);
      const visit = await firstVisitOnce(b, cond);
      await settle(page);
      const size = await pageSizeOnce(page);
      await backTo25(page);
      if (i >= WARMUP) {
        visits.push(visit);
        sizes.push(size);
        homeScripts = scripts;
      }
    }
  } finally {
    await b.setCacheDisabled(false);
  }
  return { firstVisit: firstVisitFigure(visits, IDLE_MS), pageSize: pageSizeFigure(sizes), homeScripts };
}
