/**
 * bridge_hop_ms: what the harness's transport (a loopback WebSocket, test/harness/bridge-transport.ts)
 * adds to a bridge call in place of Electron's IPC: the call's round trip timed in the page minus the time the
 * core's router spent on it in Node. The 25-row customers page is the figure; a 100-row page and
 * a call with a tiny reply (app.info) are reported beside it.
 */
import type { Page } from 'playwright-core';
import type { Figure } from '../report';
import { summarize } from '../stats';
import { bridgeCalls, type BenchPage } from './bench-page';
import type { ProbeGlobals } from './probe';

const WARMUP = 5;
const RUNS = 30;

async function hops(b: BenchPage, page: Page, operation: string, input: unknown): Promise<number[]> {
  const before = (await bridgeCalls(page)).length;
  await page.evaluate(async ([op, inp, n]) => {
    const g = globalThis as unknown as ProbeGlobals;
    for (let i = 0; i < n; i++) {
      const r = await g.bridge.invoke(op, inp);
      if (!r.ok) throw new Error(`${op} failed in the page`);
    }
  }, [operation, input, WARMUP + RUNS] as const);
  const calls = (await bridgeCalls(page)).slice(before).filter((c) => c.operation === operation).slice(WARMUP);
  return calls.map((c) => {
    const main = b.main.get(c.callId);
    if (!main || c.end === null) throw new Error(`no main-side time for call ${c.callId}`);
    return c.end - c.start - main.ms;
  });
}

export async function benchBridgeHop(b: BenchPage): Promise<Figure> {
  const { page } = b;
  const list25 = summarize(await hops(b, page, 'api.call', { route: 'customers.list', query: { limit: 25 } }), 2);
  const list100 = summarize(await hops(b, page, 'api.call', { route: 'customers.list', query: { limit: 100 } }), 2);
  const info = summarize(await hops(b, page, 'app.info', {}), 2);
  return {
    key: 'bridge_hop_ms', label: 'harness bridge hop (loopback WebSocket), 25-row list call (Electron pays its IPC instead)', value: list25.median, unit: 'ms', p95: list25.p95, samples: list25.n,
    target: { op: 'report' },
    note: `window.bridge.invoke round trip stamped in the page minus router.handle's time in Node, ${RUNS} sequential calls after ${WARMUP}; 100-row page ${list100.median} ms (p95 ${list100.p95}), app.info ${info.median} ms (p95 ${info.p95}). Every figure above that crosses the bridge includes it.`,
  };
}
