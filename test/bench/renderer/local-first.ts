/** The steps of the list timings on the local copy: the first row a query should show, and one timed action. */
import type { LocalQueryInput } from '../../../shared';
import type { Harness } from '../../harness/launch';
import { arm, lastClick, painted, type BenchPage } from './bench-page';

export async function firstId(h: Harness, q: Omit<LocalQueryInput, 'page' | 'language'>): Promise<string> {
  const r = await h.core.router.handle(`${h.origin}/`, `bench-${Math.random()}`, 'local.query', { ...q, language: 'en', page: { offset: 0, limit: 1 } });
  if (!r.ok) throw new Error(r.error.message);
  const row = (r.data as { rows: { id: string }[] }).rows[0];
  if (!row) throw new Error('the copy answered no row');
  return row.id;
}

/** Arms the first row's change, runs the action, and returns event-to-paint in ms. */
export async function timed(b: BenchPage, first: string, act: () => Promise<void>): Promise<number> {
  await arm(b.page, { kind: 'first', firstId: first });
  const armed = await b.page.evaluate(() => performance.now());
  await act();
  const stamp = await painted(b.page);
  const ev = await lastClick(b.page);
  // An action whose event the probe missed would be timed from an earlier one.
  if (ev.seen < armed) throw new Error('the action\'s event was not seen');
  return stamp.painted - ev.t;
}
