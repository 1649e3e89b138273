/**
 * The list timings on the local copy with every timed query new to the window (not in TanStack
 * Query's cache): a header click to a sort not asked before, a Status tick under a sort not asked
 * before, a letter or a third letter typed that was not searched before. An action whose query was
 * asked before, or whose first row would not change (nothing to see), is done untimed.
 * main keeps the total of a filter while the area is unchanged, and its last four searches' sets of
 * matches: the bench's own query for the expected first row makes them. A timed search first pushes
 * its set out (forgetSearches), so main meets it as a first keystroke; a filter's total stays made
 * (until 2026-11-27 a search's set stayed made too).
 */
import type { LocalQueryInput, LocalSort } from '../../../shared';
import { nextSort } from '../../../renderer/rules/localTable';
import type { Harness } from '../../harness/launch';
import type { Figure } from '../report';
import { round, summarize } from '../stats';
import { arm, clickInPage, painted, settle, type BenchPage } from './bench-page';
import { firstId, forgetSearches, timedParts, type TimingParts } from './local-first';

const RUNS = 12;
const COLUMNS = ['name', 'contact_person', 'email', 'phone', 'status'];
type Query = Omit<LocalQueryInput, 'page' | 'language'>;

/** The list's state, as the bench drives it, and what was asked of the copy so far. */
class Driver {
  readonly asked = new Set<string>();
  /** Where each timed action's time went, by the figure it counts for. */
  readonly parts: TimingParts[] = [];
  sort: LocalSort[] = [{ column: 'name', direction: 'asc' }];
  inactive = false;
  search = '';
  first = '';
  constructor(private readonly b: BenchPage, private readonly h: Harness) {}

  query(): Query {
    return { area: 'customers', filters: this.inactive ? [{ column: 'status', op: 'in', values: ['inactive'] }] : [], sort: this.sort, ...(this.search ? { search: this.search } : {}) };
  }

  async start(): Promise<void> {
    this.first = await firstId(this.h, this.query());
    this.asked.add(JSON.stringify(this.query()));
  }

  /** Changes the state and acts; returns event-to-paint when timed (a new query with a new first row). */
  async step(change: () => void, act: () => Promise<void>, timeIt: boolean): Promise<number | null> {
    change();
    const key = JSON.stringify(this.query());
    const fresh = !this.asked.has(key);
    this.asked.add(key);
    const want = await firstId(this.h, this.query());
    let ms: number | null = null;
    if (timeIt && fresh && want !== this.first) {
      // A timed search meets main as a first keystroke would: without its set of matches made.
      if (this.search) await forgetSearches(this.h, 'customers');
      const p = await timedParts(this.b, want, act);
      this.parts.push(p);
      ms = p.ms;
    } else if (want !== this.first) {
      await arm(this.b.page, { kind: 'first', firstId: want });
      await act();
      await painted(this.b.page);
    } else {
      await act();
      await settle(this.b.page, 400);
    }
    this.first = want;
    await settle(this.b.page);
    return ms;
  }

  /** A header click (shift adds a key), as the list itself changes its sort. */
  sortBy(column: string, additive: boolean, timeIt: boolean): Promise<number | null> {
    return this.step(() => { this.sort = nextSort(this.sort, column, additive); }, () => clickInPage(this.b.page, `[data-testid="sort-${column}"]`, { shift: additive }), timeIt);
  }
}

/** Sorts in an order where most are new: each column, then each with a second key both ways. */
function* sortMoves(): Generator<[string, boolean]> {
  for (const c of COLUMNS) { yield [c, false]; yield [c, false]; }
  for (const a of COLUMNS) for (const b of COLUMNS) if (a !== b) { yield [a, false]; yield [b, true]; yield [b, true]; }
}

/** Three-letter beginnings of names spread over the list, each once. */
async function wordsOf(h: Harness): Promise<string[]> {
  const words = new Set<string>();
  for (let i = 0; i < 40 && words.size < 3 * RUNS; i++) {
    const r = await h.core.router.handle(`${h.origin}/`, `bench-words-${i}`, 'local.query', { area: 'customers', sort: [{ column: 'name', direction: 'asc' }], language: 'en', page: { offset: i * 2_400, limit: 1 } });
    const name = r.ok ? String((r.data as { rows: { name?: unknown }[] }).rows[0]?.name ?? '') : '';
    for (const w of name.split(/\s+/)) if ([...w].length >= 3) words.add([...w].slice(0, 3).join(''));
  }
  return [...words];
}

export async function benchLocalListsUncached(b: BenchPage, h: Harness, how: (what: string) => string): Promise<Figure[]> {
  const { page } = b;
  const d = new Driver(b, h);
  await d.start();
  const sort: TimingParts[] = [];
  for (const [column, additive] of sortMoves()) {
    if (sort.length >= RUNS) break;
    const ms = await d.sortBy(column, additive, true);
    if (ms !== null) sort.push(d.parts.at(-1)!);
  }
  // A tick on "Inactive", on and off in turn, each time under a sort not asked before.
  const filter: TimingParts[] = [];
  const moves = sortMoves();
  while (filter.length < RUNS) {
    const next = moves.next();
    if (next.done) break;
    await d.sortBy(next.value[0], next.value[1], false);
    await page.click('[data-testid="filter-status"]');
    await page.waitForSelector('[data-testid="filter-choice-inactive"]');
    const ms = await d.step(() => { d.inactive = !d.inactive; }, () => clickInPage(page, '[data-testid="filter-choice-inactive"]'), true);
    if (ms !== null) filter.push(d.parts.at(-1)!);
    await page.keyboard.press('Escape');
  }
  if (d.inactive) {
    await page.click('[data-testid="filter-status"]');
    await d.step(() => { d.inactive = false; }, () => page.click('[data-testid="filter-choice-inactive"]'), false);
    await page.keyboard.press('Escape');
  }
  // One letter, each once (then taken away, untimed); three letters: the third typed after two.
  await d.step(() => { d.sort = [{ column: 'name', direction: 'asc' }]; }, () => page.click('[data-testid="sort-name"]'), false);
  const search: TimingParts[] = [];
  const search3: TimingParts[] = [];
  await page.click('[data-testid="list-search"]');
  const type = (text: string, timeIt: boolean) => d.step(() => { d.search = text; }, () => page.keyboard.type(text.slice(-1)), timeIt);
  const clear = () => d.step(() => { d.search = ''; }, () => page.fill('[data-testid="list-search"]', ''), false);
  for (const letter of 'אבגדהוזחטיכלמנסעפצקרשתxyz') {
    if (search.length >= RUNS) break;
    const ms = await type(letter, true);
    if (ms !== null) search.push(d.parts.at(-1)!);
    await clear();
  }
  for (const word of await wordsOf(h)) {
    if (search3.length >= RUNS) break;
    await type(word.slice(0, 1), false);
    await type(word.slice(0, 2), false);
    const ms = await type(word, true);
    if (ms !== null) search3.push(d.parts.at(-1)!);
    await clear();
  }
  const part = (samples: TimingParts[], k: Exclude<keyof TimingParts, 'ms'>) => {
    const xs = samples.flatMap((p) => (p[k] === null ? [] : [p[k]]));
    return xs.length ? summarize(xs).median : 'n/a';
  };
  const fig = (key: string, label: string, samples: TimingParts[], what: string): Figure => {
    const s = summarize(samples.map((p) => p.ms));
    const parts = `medians: event to the first window's call ${part(samples, 'toCall')} ms, its round trip ${part(samples, 'trip')} ms (main ${part(samples, 'main')}), answer to paint ${part(samples, 'toPaint')} ms`;
    // With a dozen samples the p95 is the slowest one: where its time went.
    const worst = samples.reduce<TimingParts | null>((w, p) => (w === null || p.ms > w.ms ? p : w), null);
    const r = (x: number | null) => (x === null ? 'n/a' : round(x, 1));
    const slowest = worst ? `; the slowest, ${r(worst.ms)} ms: to the call ${r(worst.toCall)}, round trip ${r(worst.trip)} (main ${r(worst.main)}), to paint ${r(worst.toPaint)}` : '';
    return { key, label, value: s.median, p95: s.p95, samples: s.n, unit: 'ms', target: { op: '<=', value: 50, on: 'p95' }, note: `${how(what)}; each timed query asked for the first time in the page; ${parts}${slowest}` };
  };
  return [
    fig('local_sort_100k_uncached_ms', 'click a header to a sort not asked before, first screen painted (100,000 rows)', sort, 'a click or shift-click on a header (name, contact, email, phone, status), each sort once'),
    fig('local_filter_100k_uncached_ms', 'change a filter under a sort not asked before, first screen painted (100,000 rows)', filter, 'a tick on "Inactive" in the Status filter, on and off in turn, each under a new sort (set untimed)'),
    fig('local_search_100k_uncached_ms', 'type a letter not searched before, first screen painted (100,000 rows)', search, 'a letter typed in the empty search box, each letter once'),
    fig('local_search3_100k_uncached_ms', 'type the third letter of a word not searched before, first screen painted (100,000 rows)', search3, 'the third letter typed after two (untimed), each word once'),
  ];
}
