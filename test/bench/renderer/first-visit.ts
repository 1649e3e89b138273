/**
 * first_visit_ms: a fresh page load to the home screen with Chromium's HTTP cache off (so the
 * area's code chunk comes from the server, compiled anew, and no query is cached: as at Electron's
 * first start, app:// having no HTTP cache and its V8 code cache still empty), then a click on the
 * area's navigation link, to the frame that paints its rows. The loads are shared with
 * page_size_change_ms (fresh-loads.ts).
 */
import type { Figure } from '../report';
import { summarize } from '../stats';
import { callsBetween, type BenchPage } from './bench-page';
import { HOVER_MS, LIST, navAndTime } from './lists';
import type { PaintCondition } from './probe';

export interface FirstVisitSample {
  ms: number;
  /** The list call's round trip in the page (API, core and bridge hop). */
  listCallMs: number | null;
  /** The list call left before the click (prefetched on hover). */
  prefetched: boolean;
}

/** On a freshly loaded home screen: click the list's nav link, time to its rows painted. */
export async function firstVisitOnce(b: BenchPage, cond: PaintCondition): Promise<FirstVisitSample> {
  const t = await navAndTime(b.page, LIST.area, cond);
  // From the hover on: an app that prefetches on intent sends the list call before the click.
  const call = (await callsBetween(b.page, t.click - HOVER_MS - 50, t.painted)).find((c) => c.route === LIST.route);
  return { ms: t.ms, listCallMs: call?.end ? call.end - call.start : null, prefetched: !!call && call.start < t.click };
}

export function firstVisitFigure(samples: readonly FirstVisitSample[], idleMs: number): Figure {
  const s = summarize(samples.map((x) => x.ms));
  const c = summarize(samples.flatMap((x) => (x.listCallMs === null ? [] : [x.listCallMs])));
  return {
    key: 'first_visit_ms', label: 'first visit to a list, code and data cold', value: s.median, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 200 },
    note: `fresh load of the home screen (new document, HTTP cache off: no module, compiled code or query cached), ${idleMs} ms idle, then the pointer rests ${HOVER_MS} ms on the ${LIST.area} nav link and clicks it; from the click (event timeStamp) to the end of the frame that paints its 25 rows; the list call took ${c.median} ms median in the page (API + core + bridge hop) and left before the click (on hover) in ${samples.filter((x) => x.prefetched).length} of ${samples.length} runs.`,
  };
}
