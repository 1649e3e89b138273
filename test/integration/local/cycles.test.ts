import { afterEach, describe, expect, it } from 'vitest';
import { OVERLAP_MS } from '../../../electron/core/local/sync';
import { LOCAL_AREA_KEYS, LOCAL_AREAS, ROUTES, type EventName } from '../../../shared';
import { apiList, localStack, type LocalStack } from './stack';

/** service.ts's AFTER_WRITE_MS (not exported): how long after a write its cycle starts. */
const AFTER_WRITE_MS = 300;

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

interface Sent { method: string; url: URL; at: number }

/** The core's requests with method, query and time (stack.sent keeps the path only). */
function recorder() {
  const log: Sent[] = [];
  const fetchLogged: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push({ method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(), url, at: performance.now() });
    return globalThis.fetch(input, init);
  };
  return { log, fetch: fetchLogged };
}

/** List path (as sent, with the base's /v1) -> area. */
const AREA_OF_PATH = new Map(LOCAL_AREA_KEYS.map((area) => [`/v1${ROUTES[LOCAL_AREAS[area]!.list].path}`, area]));
const filterOf = (area: string) => (LOCAL_AREAS[area]!.freshness === 'updated' ? 'updated_after' : 'created_after');

/** A freshness cycle's reads among these requests: a list read from a mark, by area. */
function cycleReads(sent: readonly Sent[]): Map<string, Sent[]> {
  const out = new Map<string, Sent[]>();
  for (const s of sent) {
    const area = AREA_OF_PATH.get(s.url.pathname);
    if (s.method !== 'GET' || !area || !s.url.searchParams.has(filterOf(area))) continue;
    out.set(area, [...(out.get(area) ?? []), s]);
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('local copy: when freshness cycles run', () => {
  it('the window gaining focus starts a cycle at once: one list read per area, from its mark less the overlap', async () => {
    const rec = recorder();
    // The default hourly interval: nothing but the focus can start this cycle.
    stack = await localStack({ fetch: rec.fetch });
    const s = stack;
    await s.core.local.idle();
    s.core.local.focus(false);
    await sleep(50);
    const from = rec.log.length;
    s.core.local.focus(true);
    await s.core.local.idle();
    const sent = rec.log.slice(from);
    const reads = cycleReads(sent);
    // Nothing else was sent: every request is one area's cycle read, none repeated, none paged on.
    expect(sent.length).toBe(LOCAL_AREA_KEYS.length);
    expect([...reads.keys()].sort()).toEqual([...LOCAL_AREA_KEYS].sort());
    for (const [area, r] of reads) {
      expect(r.length, area).toBe(1);
      expect(r[0]!.url.searchParams.has('cursor'), area).toBe(false);
    }
    // Customers read from the newest updated_at held (the API's first row) less the overlap.
    const newest = String((await apiList(s.sandbox, 'owner', 'customers'))[0]!.updated_at);
    expect(reads.get('customers')![0]!.url.searchParams.get('updated_after')).toBe(new Date(Date.parse(newest) - OVERLAP_MS).toISOString());
    // Areas without an update time read by creation time.
    expect(reads.get('inventory-movements')![0]!.url.searchParams.has('created_after')).toBe(true);
  });

  it('the interval starts no cycle while the window is away, and does again once it is back', async () => {
    const rec = recorder();
    stack = await localStack({ fetch: rec.fetch, syncIntervalMs: 250 });
    const s = stack;
    // Away before the fill ends: the interval must not queue passes behind it.
    s.core.local.focus(false);
    await s.core.local.idle();
    let from = rec.log.length;
    // Eight intervals away: not one request.
    await sleep(2_000);
    expect(rec.log.slice(from).map((x) => `${x.method} ${x.url.pathname}${x.url.search}`)).toEqual([]);
    from = rec.log.length;
    s.core.local.focus(true);
    // The focus's own cycle, then the interval's (nothing else asks for one here): two reads of customers.
    await expect.poll(() => cycleReads(rec.log.slice(from)).get('customers')?.length ?? 0, { timeout: 5_000, interval: 25 }).toBeGreaterThanOrEqual(2);
    // Away again: the passes in flight end and none follows (idle would not return while the interval kept queueing).
    s.core.local.focus(false);
    await s.core.local.idle();
    from = rec.log.length;
    await sleep(1_000);
    expect(rec.log.length).toBe(from);
  });

  it('a write through the bridge is followed by a cycle after a short delay, and so is the next write', async () => {
    const rec = recorder();
    // Hourly interval: only the writes can start these cycles.
    stack = await localStack({ fetch: rec.fetch });
    const s = stack;
    await s.core.local.idle();
    // A pass tells each area's progress as it starts it: when the cycle began (its requests then wait
    // for the gate's quiet time after the user's write, about 750 ms).
    const started: number[] = [];
    s.core.events.on((event: EventName) => { if (event === 'local.progress') started.push(performance.now()); });
    for (const name of ['Cycle after the first write', 'Cycle after the second write']) {
      const from = rec.log.length;
      started.length = 0;
      const t0 = performance.now();
      const r = await s.invoke('api.call', { route: 'customers.create', body: { name } });
      expect(r.ok).toBe(true);
      // The answer is applied at once; the cycle waits for the delay.
      expect(rec.log.slice(from).map((x) => `${x.method} ${x.url.pathname}`)).toEqual(['POST /v1/customers']);
      expect(started).toEqual([]);
      await expect.poll(() => cycleReads(rec.log.slice(from)).size, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
      // Begun at the delay (less a timer's millisecond of slack), not at once and not much later.
      expect(started[0]! - t0).toBeGreaterThanOrEqual(AFTER_WRITE_MS - 2);
      expect(started[0]! - t0).toBeLessThan(AFTER_WRITE_MS + 2_000);
      const first = rec.log.slice(from).find((x) => cycleReads([x]).size > 0)!;
      expect(first.at).toBeGreaterThanOrEqual(started[0]!);
      await s.core.local.idle();
      // One whole cycle: each area read once.
      const reads = cycleReads(rec.log.slice(from));
      expect(reads.size).toBe(LOCAL_AREA_KEYS.length);
      for (const [area, x] of reads) expect(x.length, area).toBe(1);
    }
  });

  it('writes close together are followed by one cycle after the last of them', async () => {
    const rec = recorder();
    stack = await localStack({ fetch: rec.fetch });
    const s = stack;
    await s.core.local.idle();
    const from = rec.log.length;
    const written = await Promise.all([1, 2, 3].map((i) => s.invoke('api.call', { route: 'customers.create', body: { name: `Burst ${i}` } })));
    expect(written.every((r) => r.ok)).toBe(true);
    await expect.poll(() => cycleReads(rec.log.slice(from)).size, { timeout: 5_000, interval: 20 }).toBeGreaterThan(0);
    await s.core.local.idle();
    // Long enough for a second write timer to have fired, had one been left.
    await sleep(AFTER_WRITE_MS + 200);
    await s.core.local.idle();
    const reads = cycleReads(rec.log.slice(from));
    for (const area of LOCAL_AREA_KEYS) expect(reads.get(area)?.length, area).toBe(1);
  });
});
