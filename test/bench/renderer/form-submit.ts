/**
 * form_submit_ms: the document create form (renderer/resources/documents.ts), filled as a user does
 * (customer picked, title, one typed line), from the click on Save to the frame that paints the
 * new record's screen, minus the POST's own time: its bridge call from leaving the page to its
 * reply coming back (so the API, the core and the Playwright hop of that call are all taken out).
 */
import type { Page } from 'playwright-core';
import type { Figure } from '../report';
import { summarize } from '../stats';
import { apiGet } from '../../e2e/support';
import type { Harness } from '../../harness/launch';
import { arm, callsBetween, lastClick, painted, settle, type BenchPage } from './bench-page';
import type { CallRecord, ProbeGlobals } from './probe';

const WARMUP = 1;
const RUNS = 15;
const field = (name: string) => `input[data-field="${name}"], textarea[data-field="${name}"]`;

export async function fillDocument(page: Page, customer: string, title: string): Promise<void> {
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
export function unionMs(calls: readonly CallRecord[], to: number): number {
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

export async function benchFormSubmit(b: BenchPage, h: Harness): Promise<Figure> {
  const { page } = b;
  const customers = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: 1, status: 'active' } })).data as { name: string }[];
  const customer = customers[0]!.name;
  const stamp = Date.now().toString(36);
  const net: number[] = [];
  const totals: number[] = [];
  const posts: number[] = [];
  const rendererOnly: number[] = [];
  const others = new Map<string, number>();
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const title = `Bench ${stamp} ${i}`;
    await fillDocument(page, customer, title);
    await settle(page, 300);
    await arm(page, { kind: 'detail', area: 'documents', title });
    await page.click('[data-testid="form-submit"]');
    const stamped = await painted(page);
    const click = await lastClick(page);
    if (click.testid !== 'form-submit') throw new Error('the last click was not on the form\'s submit button');
    const calls = (await callsBetween(page, click.t, stamped.painted)).filter((c) => c.operation === 'api.call');
    const post = calls.find((c) => c.route === 'documents.create');
    if (!post?.end) throw new Error('no documents.create call was seen between the click and the record screen');
    const total = stamped.painted - click.t;
    if (i >= WARMUP) {
      totals.push(total);
      posts.push(post.end - post.start);
      net.push(total - (post.end - post.start));
      rendererOnly.push(total - unionMs(calls, stamped.painted));
      for (const c of calls) if (c !== post) others.set(c.route ?? c.operation, (others.get(c.route ?? c.operation) ?? 0) + 1);
    }
    await settle(page);
  }
  const s = summarize(net);
  const t = summarize(totals);
  const p = summarize(posts);
  const r = summarize(rendererOnly);
  return {
    key: 'form_submit_ms', label: 'document form submit to record screen, minus the POST', value: s.median, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 50 },
    note: `click on Save (event timeStamp) to the end of the frame that paints the new document's record screen (its heading), ${t.median} ms median, minus the documents.create bridge call timed in the page (${p.median} ms median: API + core + client + Playwright hop); other API calls on the way in ${RUNS} runs: ${[...others].map(([r, n]) => `${r} x${n}`).join(', ') || 'none'} (each with its own API time and hop, left in); with every bridge call's time taken out (renderer only) ${r.median} ms median.`,
  };
}
