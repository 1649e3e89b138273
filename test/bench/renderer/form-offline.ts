/**
 * outbox_offline_save_ms: the same document form as form_submit_ms, saved with the network cable
 * pulled: from the click on Save to the frame that paints the new document's record screen (read
 * from the local copy by its temporary id), minus the outbox.submit bridge call (the write's own
 * trip, as form_submit_ms takes out its POST). The harness keeps a local copy, filled first; the
 * page knows it is offline (the copy's sync found no service) before the first run.
 */
import type { Figure } from '../report';
import { summarize } from '../stats';
import { launchHarness, type Harness } from '../../harness/launch';
import { arm, callsBetween, lastClick, openBenchPage, painted, settle } from './bench-page';
import { fillDocument, unionMs } from './form-submit';

const WARMUP = 1;
const RUNS = 15;

async function ready(h: Harness, areas: string[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await h.core.router.handle(`${h.origin}/`, `bench-status-${Date.now()}`, 'local.status', {});
    if (r.ok && areas.every((a) => (r.data as { areas: { area: string; ready: boolean }[] }).areas.some((x) => x.area === a && x.ready))) return;
    if (Date.now() > until) throw new Error(`the local copy of ${areas.join(', ')} was not filled within ${timeoutMs / 60_000} min`);
    await new Promise((res) => setTimeout(res, 500));
  }
}

export async function benchOfflineSave(rendererDir: string): Promise<Figure> {
  const h = await launchHarness({ lang: 'en', motion: true, localCopy: true, syncIntervalMs: 1_000, sandbox: { rateLimit: 0 }, rendererDir });
  const b = await openBenchPage(h).catch(async (e: unknown) => { await h.close(); throw e; });
  try {
    const { page } = b;
    await ready(h, ['customers', 'documents'], 10 * 60_000);
    const listed = await h.core.router.handle(`${h.origin}/`, 'bench-customers', 'local.query', { area: 'customers', page: { offset: 0, limit: 100 } });
    if (!listed.ok) throw new Error(listed.error.message);
    const customer = String((listed.data as { rows: { name: string; status: string }[] }).rows.find((c) => c.status === 'active')!.name);
    h.network.offline = true;
    await page.waitForSelector('[data-testid="sync-status"][data-online="false"]', { timeout: 120_000, state: 'attached' });
    const stamp = Date.now().toString(36);
    const net: number[] = [];
    const totals: number[] = [];
    const submits: number[] = [];
    const rendererOnly: number[] = [];
    const others = new Map<string, number>();
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const title = `Offline ${stamp} ${i}`;
      await fillDocument(page, customer, title);
      await settle(page, 300);
      await arm(page, { kind: 'detail', area: 'documents', title });
      await page.click('[data-testid="form-submit"]');
      const stamped = await painted(page);
      const click = await lastClick(page);
      if (click.testid !== 'form-submit') throw new Error('the last click was not on the form\'s submit button');
      const calls = await callsBetween(page, click.t, stamped.painted);
      const submit = calls.find((c) => c.operation === 'outbox.submit');
      if (!submit?.end) throw new Error('no outbox.submit call was seen between the click and the record screen');
      if (calls.some((c) => c.operation === 'api.call' && c.route === 'documents.create')) throw new Error('the document was sent to the API although the app was offline');
      const total = stamped.painted - click.t;
      if (i >= WARMUP) {
        totals.push(total);
        submits.push(submit.end - submit.start);
        net.push(total - (submit.end - submit.start));
        rendererOnly.push(total - unionMs(calls, stamped.painted));
        for (const c of calls) if (c !== submit) others.set(c.route ?? c.operation, (others.get(c.route ?? c.operation) ?? 0) + 1);
      }
      await settle(page);
    }
    const s = summarize(net);
    const t = summarize(totals);
    const w = summarize(submits);
    const r = summarize(rendererOnly);
    return {
      key: 'outbox_offline_save_ms', label: 'document form saved offline to its record screen, minus the outbox.submit call', value: s.median, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 50 },
      note: `network cable pulled, the app knowing it (the copy's sync found no service): click on Save to the end of the frame that paints the new document's record screen from the copy, ${t.median} ms median, minus the outbox.submit bridge call (${w.median} ms median: core + the copy's engine + Playwright hop); other bridge calls on the way in ${RUNS} runs: ${[...others].map(([k, n]) => `${k} x${n}`).join(', ') || 'none'} (left in); with every bridge call's time taken out (renderer only) ${r.median} ms median. Target: at most form_submit_ms of the same run.`,
    };
  } finally {
    await b.close().catch(() => undefined);
    await h.close();
  }
}
