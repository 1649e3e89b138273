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
import { openBenchPage } from './bench-page';
import { RUNS, otherCalls, phases, timeSaves } from './form-submit';

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
    const saves = await timeSaves(page, customer, `Offline ${Date.now().toString(36)}`, {
      own: { name: 'outbox.submit', pick: (c) => c.operation === 'outbox.submit' },
      check: (calls) => { if (calls.some((c) => c.operation === 'api.call' && c.route === 'documents.create')) throw new Error('the document was sent to the API although the app was offline'); },
    });
    const s = summarize(saves.net);
    const t = summarize(saves.totals);
    const w = summarize(saves.own);
    const r = summarize(saves.rendererOnly);
    return {
      key: 'outbox_offline_save_ms', label: 'document form saved offline to its record screen, minus the outbox.submit call', value: s.median, unit: 'ms', p95: s.p95, samples: s.n, target: { op: '<=', value: 50 },
      note: `network cable pulled, the app knowing it (the copy's sync found no service): click on Save to the end of the frame that paints the new document's record screen from the copy, ${t.median} ms median, minus the outbox.submit bridge call (${w.median} ms median: core + the copy's engine + the transport's hop); other bridge calls on the way in ${RUNS} runs: ${otherCalls(saves.others)} (left in); with every bridge call's time taken out (renderer only) ${r.median} ms median; ${phases(saves)}. Target: at most form_submit_ms of the same run.`,
    };
  } finally {
    await b.close().catch(() => undefined);
    await h.close();
  }
}
