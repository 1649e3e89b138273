/**
 * local_sort_100k_ms, local_filter_100k_ms, local_search_100k_ms: a list of 100,000 customers on the
 * local copy; a click on a column's header, a tick in a column's filter, a letter typed in the search
 * box (clicks dispatched in the page: bench-page.ts clickInPage), each timed from the event (its timeStamp) to the end of the frame that paints the new first
 * row. The expected first row is asked of the copy itself (local.query), so the figure is of the
 * screen, not of a guess. These repeat two states, so after the warm-up they are mostly answers the
 * window holds; the `_uncached` figures (local-lists-uncached.ts) ask a new query every time.
 */
import type { Figure } from '../report';
import { summarize } from '../stats';
import type { Harness } from '../../harness/launch';
import { clickInPage, settle, type BenchPage } from './bench-page';
import { firstId, timed } from './local-first';
import { benchLocalListsUncached } from './local-lists-uncached';

const WARMUP = 2;
const RUNS = 12;

export async function benchLocalLists(b: BenchPage, h: Harness): Promise<Figure[]> {
  const { page } = b;
  await b.load('#/customers');
  await page.waitForSelector('[data-testid="list-source"][data-source="local"]', { timeout: 60_000 });
  await page.waitForSelector('[data-testid="list-table"] tbody tr[data-id]');
  const area = 'customers';
  const byName = { asc: await firstId(h, { area, filters: [], sort: [{ column: 'name', direction: 'asc' }] }), desc: await firstId(h, { area, filters: [], sort: [{ column: 'name', direction: 'desc' }] }) };
  // Sorted once first (untimed): the list's own order may already start with the name's first row.
  await timed(b, byName.asc, () => page.click('[data-testid="sort-name"]'));
  await settle(page);
  const sort: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const dir of ['desc', 'asc'] as const) {
      const ms = await timed(b, byName[dir], () => clickInPage(page, '[data-testid="sort-name"]'));
      if (i >= WARMUP) sort.push(ms);
      await settle(page);
    }
  }
  // Filters by status, the name sort kept (ascending now): inactive only, then every status again.
  const inactive = await firstId(h, { area, filters: [{ column: 'status', op: 'in', values: ['inactive'] }], sort: [{ column: 'name', direction: 'asc' }] });
  await page.click('[data-testid="filter-status"]');
  await page.waitForSelector('[data-testid="filter-choice-inactive"]');
  const filter: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const want of [inactive, byName.asc]) {
      const ms = await timed(b, want, () => clickInPage(page, '[data-testid="filter-choice-inactive"]'));
      if (i >= WARMUP) filter.push(ms);
      await settle(page);
    }
  }
  await page.keyboard.press('Escape');
  // A letter typed in the search box, then taken away: the search of every text column, sorted by name.
  const letter = 'ש';
  const found = await firstId(h, { area, filters: [], sort: [{ column: 'name', direction: 'asc' }], search: letter });
  await page.click('[data-testid="list-search"]');
  const search: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const [want, key] of [[found, letter], [byName.asc, 'Backspace']] as const) {
      const ms = await timed(b, want, () => (key === 'Backspace' ? page.keyboard.press('Backspace') : page.keyboard.type(key)));
      if (i >= WARMUP) search.push(ms);
      await settle(page);
    }
  }
  const how = (what: string) => `${what}, 100,000 customers on the local copy: the event's timeStamp to the end of the frame that paints the new first row (MutationObserver, then requestAnimationFrame + MessageChannel); the expected row asked of the copy; ${WARMUP} warm-up rounds`;
  const uncached = await benchLocalListsUncached(b, h, (what) => how(what).replace(`; ${WARMUP} warm-up rounds`, ''));
  const s = summarize(sort);
  const f = summarize(filter);
  const q = summarize(search);
  return [
    { key: 'local_sort_100k_ms', label: 'click a header, first screen painted (100,000 rows)', value: s.median, p95: s.p95, samples: s.n, unit: 'ms', target: { op: '<=', value: 50, on: 'p95' }, note: how('a click on the Name header, descending and ascending in turn') },
    { key: 'local_filter_100k_ms', label: 'change a filter, first screen painted (100,000 rows)', value: f.median, p95: f.p95, samples: f.n, unit: 'ms', target: { op: '<=', value: 50, on: 'p95' }, note: how('a tick on "Inactive" in the Status filter, on and off in turn') },
    { key: 'local_search_100k_ms', label: 'type a character, first screen painted (100,000 rows)', value: q.median, p95: q.p95, samples: q.n, unit: 'ms', target: { op: '<=', value: 50, on: 'p95' }, note: how(`a letter (${letter}) typed in the search box, then Backspace, in turn`) },
    ...uncached,
  ];
}
