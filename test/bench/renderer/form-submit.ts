/**
 * form_submit_ms: the document create form (renderer/resources/documents.ts), filled as a user does
 * (customer picked, title, one typed line), from the click on Save to the frame that paints the
 * new record's screen, minus the POST's own time: its bridge call from leaving the page to its
 * reply coming back (so the API, the core and the transport's hop of that call are all taken out).
 */
import type { Page } from 'playwright-core';
import type { Figure } from '../report';
import { summarize } from '../stats';
import { apiGet } from '../../e2e/support';
import type { Harness } from '../../harness/launch';
import { arm, callsBetween, lastClick, painted, settle, type BenchPage } from './bench-page';
import type { CallRecord, ProbeGlobals } from './probe';

const WARMUP = 1;
export const RUNS = 15;
const field = (name: string) => `input[data-field="${name}"], textarea[data-field="${name}"]`;

async function fillDocument(page: Page, customer: string, title: string): Promise<void> {
  await page.evaluate(() => { (globalThis as unknown as ProbeGlobals).location.hash = '#/documents/new'; });
  const picker = page.locator('input[data-field="customer_id"]');
  await picker.click();
  await picker.fill(customer);
  await page.getByRole('option', { name: customer }).first().click({ timeout: 15_000 });
  await page.fill(field('title'), title);
  await page.fill(field('lines.0.name'), 'Consulting');
  await page.fill(field('lines.0.unit_price'), '100');
}

/** Time covered by the union of these calls' intervals (bridge time on the way, overlaps once). */
function unionMs(calls: readonly CallRecord[], to: number): number {
  const spans = calls.map((c) => [c.start, Math.min(c.end ?? to, to)] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cur: [number, number] | null = null;
  for (const [s, e] of spans) {
    if (cur && s <= cur[1]) cur[1] = Math.max(cur[1], e);
    else {
      if (cur) total += cur[1] - cur[0];
      cur = [s, e];
    }
  }
  return total + (cur ? cur[1] - cur[0] : 0);
}

/** What each save of the form cost, over RUNS runs after WARMUP (ms): `own` is the write's own bridge call. */
export interface SaveTimings {
  net: number[]; totals: number[]; own: number[]; rendererOnly: number[]; others: Map<string, number>;
  /** Click to the write's call leaving the page; its reply to the record screen's commit; that commit to the end of its frame. */
  before: number[]; after: number[]; frame: number[];
}

/**
 * Fills the document form and saves it WARMUP + RUNS times, each from the click on Save to the frame
 * that paints the new record's screen. `own` names the write's own bridge call among those between
 * (taken out of `net`); `calls` keeps the calls the figure counts; `check` refuses a run that is not
 * what the figure measures.
 */
export async function timeSaves(page: Page, customer: string, prefix: string, o: {
  own: { name: string; pick: (c: CallRecord) => boolean };
  calls?: (c: CallRecord) => boolean;
  check?: (calls: readonly CallRecord[]) => void;
}): Promise<SaveTimings> {
  const t: SaveTimings = { net: [], totals: [], own: [], rendererOnly: [], others: new Map(), before: [], after: [], frame: [] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const title = `${prefix} ${i}`;
    await fillDocument(page, customer, title);
    await settle(page, 300);
    await arm(page, { kind: 'detail', area: 'documents', title });
    await page.click('[data-testid="form-submit"]');
    const stamped = await painted(page);
    const click = await lastClick(page);
    if (click.testid !== 'form-submit') throw new Error('the last click was not on the form\'s submit button');
    const calls = (await callsBetween(page, click.t, stamped.painted)).filter(o.calls ?? (() => true));
    const own = calls.find(o.own.pick);
    if (!own?.end) throw new Error(`no ${o.own.name} call was seen between the click and the record screen`);
    o.check?.(calls);
    const total = stamped.painted - click.t;
    if (i >= WARMUP) {
      t.totals.push(total);
      t.own.push(own.end - own.start);
      t.net.push(total - (own.end - own.start));
      t.rendererOnly.push(total - unionMs(calls, stamped.painted));
      t.before.push(own.start - click.t);
      t.after.push(stamped.seen - own.end);
      t.frame.push(stamped.painted - stamped.seen);
      for (const c of calls) if (c !== own) { const k = c.route ?? (c.area ? `${c.operation} (${c.area})` : c.operation); t.others.set(k, (t.others.get(k) ?? 0) + 1); }
    }
    await settle(page);
  }
  return t;
}

/** Where a save's time went, medians: before its call, after its reply, the record screen's frame. */
export const phases = (t: SaveTimings) =>
  `click to the call ${summarize(t.before).median} ms, its reply to the record screen's commit ${summarize(t.after).median} ms, that commit's frame ${summarize(t.frame).median} ms`;

/** The other calls seen on the way, counted over the runs ("documents.details x15"). */
export const otherCalls = (others: ReadonlyMap<string, number>) => [...others].map(([k, n]) => `${k} x${n}`).join(', ') || 'none';

export async function benchFormSubmit(b: BenchPage, h: Harness): Promise<Figure> {
  const { page } = b;
  const customers = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: 1, status: 'active' } })).data as { name: string }[];
  const customer = customers[0]!.name;
  const saves = await timeSaves(page, customer, `Bench ${Date.now().toString(36)}`, {
    own: { name: 'documents.create', pick: (c) => c.route === 'documents.create' },
    calls: (c) => c.operation === 'api.call',
  });
  const s = summarize(saves.net);
  const t = summarize(saves.totals);
  const p = summarize(saves.own);
  const r = summarize(saves.rendererOnly);
  return {
    key: 'form_submit_ms', label: 'document form submit to record screen, minus the POST', value: s.median, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 50 },
    note: `click on Save (event timeStamp) to the end of the frame that paints the new document's record screen (its heading), ${t.median} ms median, minus the documents.create bridge call timed in the page (${p.median} ms median: API + core + client + the transport's hop); other API calls on the way in ${RUNS} runs: ${otherCalls(saves.others)} (each with its own API time and hop, left in); with every bridge call's time taken out (renderer only) ${r.median} ms median; ${phases(saves)}.`,
  };
}
