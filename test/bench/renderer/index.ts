/**
 * The renderer benchmarks, in one harness (headless Chromium, the real core and sandbox): the
 * core path, the bridge hop, list paints, scrolling, page size, first visit, the document form,
 * and the first screen's JS. A figure that fails is printed as null with its reason.
 */
import { launchHarness, type Harness } from '../../harness/launch';
import { benchClientOverhead } from '../client-overhead.bench';
import { failed, type Figure, type Target } from '../report';
import { openBenchPage, type BenchPage } from './bench-page';
import { benchBridgeHop } from './bridge-hop';
import { benchBundleSize } from './bundle-size';
import { benchFormSubmit } from './form-submit';
import { benchOfflineSave } from './form-offline';
import { benchFreshLoads } from './fresh-loads';
import { benchScroll, benchScrollAll } from './scroll';
import { snapshotRenderer, type RendererSnapshot } from './snapshot';
import { benchTablePaint } from './table-paint';
import { benchLocalLists } from './local-lists';
import { calibratedRenderer, rendererCalibrationMs } from './calibration';
import { round } from '../stats';

/** Waits until an area's local copy is filled (its first fill), or fails after `timeoutMs`. */
async function localReady(h: Harness, area: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await h.core.router.handle(`${h.origin}/`, `bench-status-${Date.now()}`, 'local.status', {});
    if (r.ok && (r.data as { areas: { area: string; ready: boolean }[] }).areas.some((a) => a.area === area && a.ready)) return;
    if (Date.now() > until) throw new Error(`the local copy of ${area} was not filled within ${timeoutMs / 60_000} min`);
    await new Promise((res) => setTimeout(res, 1_000));
  }
}

type Slot = [key: string, label: string, unit: string, target?: Target];

/** Rows the large-table scroll loads, and the customers the seed soft-deletes on top of them. */
const LOADED_ROWS = 10_000;
const SEED_DELETED = 4;

const SLOTS = {
  tablePaint: [
    ['table_paint_ms', 'back to a cached 25-row list', 'ms', { op: '<=', value: 40 }],
    ['table_paint_100_ms', 'back to a cached 100-row list', 'ms', { op: '<=', value: 80 }],
    ['row_render_ms', 'per row', 'ms', { op: '<=', value: 0.3 }],
  ],
  firstVisit: [['first_visit_ms', 'first visit to a list, code and data cold', 'ms', { op: '<=', value: 200 }]],
  pageSize: [['page_size_change_ms', 'click to request sent', 'ms', { op: '<=', value: 16 }]],
  bundle: [['renderer_initial_js_gzip_kb', 'JS of the first screen, gzip', 'kB', { op: '<=', value: 150 }]],
  overhead: [['client_overhead_ratio', 'core path vs raw fetch, 100-row list', 'x', { op: '<=', value: 1.1 }]],
  scroll: [['scroll_p95_frame_ms', 'frame time while scrolling 10,000 loaded rows', 'ms', { op: '<=', value: 16.7, slack: 0.3 }]],
  scroll100: [['scroll_100_p95_frame_ms', 'frame time while scrolling the 100-row page', 'ms', { op: '<=', value: 16.7, slack: 0.3 }]],
  form: [['form_submit_ms', 'document form submit to record screen, minus the POST', 'ms', { op: '<=', value: 50 }]],
  formOffline: [['outbox_offline_save_ms', 'document form saved offline to its record screen, minus the outbox.submit call', 'ms', { op: '<=', value: 50 }]],
  hop: [['bridge_hop_ms', 'Playwright bridge hop (not paid under Electron)', 'ms', { op: 'report' }]],
  localLists: [
    ['local_sort_100k_ms', 'click a header, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
    ['local_filter_100k_ms', 'change a filter, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
    ['local_search_100k_ms', 'type a character, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
    ['local_sort_100k_uncached_ms', 'click a header to a sort not asked before, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
    ['local_filter_100k_uncached_ms', 'change a filter under a sort not asked before, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
    ['local_search_100k_uncached_ms', 'type a letter not searched before, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
    ['local_search3_100k_uncached_ms', 'type the third letter of a word not searched before, first screen painted (100,000 rows)', 'ms', { op: '<=', value: 50, on: 'p95' }],
  ],
  calibration: [['renderer_calibration_ms', 'a plain 100-row table painted (the renderer calibration)', 'ms', { op: 'report' }]],
} satisfies Record<string, Slot[]>;

/** BENCH_ONLY=form,overhead runs just those slots (while working on one figure); the others are left out. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
const chosen = (slots: Slot[]) => ONLY.length === 0 || Object.entries(SLOTS).some(([name, s]) => ONLY.includes(name) && s.some((x) => slots.includes(x)));

/** Runs one benchmark; on failure its figures are null with the reason. */
async function guard(slots: Slot[], run: () => Promise<Figure[]>): Promise<Figure[]> {
  if (!chosen(slots)) return [];
  try {
    return await run();
  } catch (err) {
    process.stderr.write(`bench: ${slots.map((s) => s[0]).join(', ')} failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    return slots.map(([key, label, unit, target]) => failed(key, label, unit, err, target));
  }
}

export interface RendererRun {
  figures: Figure[];
  browserVersion: string | null;
}

export async function benchRenderer(): Promise<RendererRun> {
  const allFailed = (err: unknown): RendererRun => ({
    figures: Object.values(SLOTS).flat().map(([key, label, unit, target]) => failed(key, label, unit, err, target)),
    browserVersion: null,
  });
  let snapshot: RendererSnapshot;
  let h: Harness;
  try {
    snapshot = snapshotRenderer();
  } catch (err) {
    return allFailed(err);
  }
  try {
    h = await launchHarness({ lang: 'en', motion: true, sandbox: { rateLimit: 0 }, rendererDir: snapshot.dir });
  } catch (err) {
    snapshot.remove();
    return allFailed(err);
  }
  const figures: Figure[] = [];
  let calMs = 0;
  let homeScripts: string[] = [];
  let b: BenchPage | null = null;
  try {
    // The harness's own page is left idle on about:blank (the client's overhead is measured beside no window).
    await h.page.goto('about:blank');
    figures.push(...await guard(SLOTS.overhead, () => benchClientOverhead({ core: h.core, sender: `${h.origin}/`, baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.keys.owner })));
    b = await openBenchPage(h);
    const page = b;
    figures.push(...await guard(SLOTS.hop, async () => [await benchBridgeHop(page)]));
    figures.push(...await guard(SLOTS.tablePaint, () => benchTablePaint(page, h)));
    figures.push(...await guard(SLOTS.scroll100, async () => [await benchScroll(page, h)]));
    figures.push(...await guard([...SLOTS.firstVisit, ...SLOTS.pageSize], async () => {
      const r = await benchFreshLoads(page, h);
      homeScripts = r.homeScripts;
      return [r.firstVisit, r.pageSize];
    }));
    figures.push(...await guard(SLOTS.form, async () => [await benchFormSubmit(page, h)]));
    figures.push(...await guard(SLOTS.calibration, async () => {
      await page.load();
      calMs = await rendererCalibrationMs(page.page);
      return [{ key: 'renderer_calibration_ms', label: 'a plain 100-row table painted (the renderer calibration)', value: round(calMs, 2), unit: 'ms', target: { op: 'report' }, note: 'innerHTML of a 100-row, 6-column table, to the end of the frame that paints it; median of 25 after 5 warm-ups, in the bench page' }];
    }));
  } catch (err) {
    // Opening the bench page failed: whatever was not measured is null.
    const have = new Set(figures.map((f) => f.key));
    for (const [key, label, unit, target] of Object.values(SLOTS).flat()) {
      if (!have.has(key) && key !== 'renderer_initial_js_gzip_kb' && key !== 'scroll_p95_frame_ms') figures.push(failed(key, label, unit, err, target));
    }
  }
  figures.push(...await guard(SLOTS.bundle, async () => benchBundleSize(snapshot.dir, homeScripts)));
  // 10,000 rows need a business of their own: a second harness whose sandbox has that many customers.
  figures.push(...await guard(SLOTS.scroll, async () => {
    const big = await launchHarness({ lang: 'en', motion: true, sandbox: { rateLimit: 0, customers: LOADED_ROWS + SEED_DELETED }, rendererDir: snapshot.dir });
    const bp = await openBenchPage(big);
    try {
      return [await benchScrollAll(bp, LOADED_ROWS)];
    } finally {
      await bp.close().catch(() => undefined);
      await big.close();
    }
  }));
  // 100,000 customers on the local copy: a third harness, its copy filled before the timings.
  figures.push(...await guard(SLOTS.localLists, async () => {
    const big = await launchHarness({ lang: 'en', motion: true, localCopy: true, syncIntervalMs: 3_600_000, sandbox: { rateLimit: 0, scale: { customers: 100_000 } }, rendererDir: snapshot.dir });
    try {
      await localReady(big, 'customers', 15 * 60_000);
      const bp = await openBenchPage(big);
      try { return await benchLocalLists(bp, big); } finally { await bp.close().catch(() => undefined); }
    } finally {
      await big.close();
    }
  }));
  // The same form saved with the cable pulled: a harness of its own, whose local copy is filled first.
  figures.push(...await guard(SLOTS.formOffline, async () => [await benchOfflineSave(snapshot.dir)]));
  // Its target is the online save of this run.
  const online = figures.find((f) => f.key === 'form_submit_ms')?.value;
  const offline = figures.find((f) => f.key === 'outbox_offline_save_ms');
  if (offline && typeof online === 'number') offline.target = { op: '<=', value: online };
  if (calMs) figures.push(...calibratedRenderer(figures, calMs));
  const browserVersion = h.browser.version();
  await b?.close().catch(() => undefined);
  await h.close();
  snapshot.remove();
  return { figures, browserVersion };
}
