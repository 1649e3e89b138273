/** The steps of the list timings on the local copy: the first row a query should show, and one timed action. */
import type { LocalQueryInput } from '../../../shared';
import { SEARCH_SETS_KEPT } from '../../../electron/core/local/hits';
import type { Harness } from '../../harness/launch';
import { arm, callsBetween, lastClick, painted, type BenchPage } from './bench-page';

export async function firstId(h: Harness, q: Omit<LocalQueryInput, 'page' | 'language'>): Promise<string> {
  const r = await h.core.router.handle(`${h.origin}/`, `bench-${Math.random()}`, 'local.query', { ...q, language: 'en', page: { offset: 0, limit: 1 } });
  if (!r.ok) throw new Error(r.error.message);
  const row = (r.data as { rows: { id: string }[] }).rows[0];
  if (!row) throw new Error('the copy answered no row');
  return row.id;
}

let forgotten = 0;
/**
 * Pushes every search's set of matches out of main's kept ones (as many other searches, of texts that
 * match nothing): the query that told the bench the expected first row made that set, and a user's
 * first keystroke would find it not made.
 */
export async function forgetSearches(h: Harness, area: string): Promise<void> {
  for (let i = 0; i < SEARCH_SETS_KEPT; i++) {
    const r = await h.core.router.handle(`${h.origin}/`, `bench-forget-${forgotten}`, 'local.query', { area, filters: [], sort: [], search: `qqzz${forgotten++}`, language: 'en', page: { offset: 0, limit: 1 } });
    if (!r.ok) throw new Error(r.error.message);
  }
}

/** Arms the first row's change, runs the action, and returns event-to-paint in ms. */
export async function timed(b: BenchPage, first: string, act: () => Promise<void>): Promise<number> {
  return (await timedParts(b, first, act)).ms;
}

/** Where one timing went: event to the first window's call, its round trip (main's part apart), call's answer to paint. */
export interface TimingParts { ms: number; toCall: number | null; trip: number | null; main: number | null; toPaint: number | null }

export async function timedParts(b: BenchPage, first: string, act: () => Promise<void>): Promise<TimingParts> {
  await arm(b.page, { kind: 'first', firstId: first });
  const armed = await b.page.evaluate(() => performance.now());
  await act();
  const stamp = await painted(b.page);
  const ev = await lastClick(b.page);
  // An action whose event the probe missed would be timed from an earlier one.
  if (ev.seen < armed) throw new Error('the action\'s event was not seen');
  const call = (await callsBetween(b.page, ev.t, stamp.painted)).find((c) => c.operation === 'local.query' && c.end !== null && c.end <= stamp.painted);
  return {
    ms: stamp.painted - ev.t,
    toCall: call ? call.start - ev.t : null,
    trip: call?.end ? call.end - call.start : null,
    main: call ? b.main.get(call.callId)?.ms ?? null : null,
    toPaint: call?.end ? stamp.painted - call.end : null,
  };
}
