import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox';
import { LOCAL_AREA_KEYS, type LocalStatus as Status } from '../../../shared';
import { startSandbox } from '../../../electron/sandbox';
import { startSandboxProcess } from '../../harness/sandbox-process';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * The copy's engine runs on a thread of its own: main keeps answering the window while it fills, and an
 * engine that dies (a native crash, an exception, out of memory) takes neither main nor the copy with it:
 * main says the copy is restarting, starts the engine again, and the fill goes on from its saved cursor.
 */
let stack: LocalStack | null = null;
let sandbox: RunningSandbox | null = null;
afterEach(async () => { await stack?.close(); stack = null; await sandbox?.close(); sandbox = null; });

const status = async (s: LocalStack) => { const r = await s.invoke('local.status', {}); if (!r.ok) throw new Error(r.error.message); return r.data as Status; };
const customersArea = (st: Status) => st.areas.find((a) => a.area === 'customers')!;

describe('local copy: the engine thread', () => {
  it('main answers the window while the engine fills: every ping is answered while the fill is still running', async () => {
    sandbox = await startSandboxProcess({ customers: 8_000, rateLimit: 0 });
    stack = await localStack({ keep: sandbox });
    const s = stack;
    let answered = 0;
    let duringFill = 0;
    for (let i = 0; i < 40; i++) {
      const r = await s.invoke('profiles.list', {});
      expect(r.ok).toBe(true);
      answered += 1;
      if (customersArea(await status(s)).state === 'filling') duringFill += 1;
      await new Promise((r2) => setTimeout(r2, 10));
    }
    expect(answered).toBe(40);
    // Main answered while the engine was busy filling (the fill takes far longer than forty pings).
    expect(duringFill).toBeGreaterThan(10);
    await s.core.local.idle();
    expect((await copyList(s, 'customers')).length).toBe((await apiList(sandbox, 'owner', 'customers')).length);
  }, 120_000);

  it('a fill\'s pages are fetched on the engine\'s thread: main\'s network carries none of them, faults are retried by main\'s client, and the copy equals the API', async () => {
    const faults: string[] = [];
    const served: string[] = [];
    let r = 0;
    sandbox = await startSandbox({
      host: '127.0.0.1', port: 0, rateLimit: 0, customers: 1_000, faultRate: 0.08, random: () => ((r = (r * 1103515245 + 12345) % 2 ** 31) / 2 ** 31),
      onFault: (f, method, path) => { if (method === 'GET') faults.push(`${f} ${path}`); }, onRequest: (seen) => served.push(seen.path),
    });
    stack = await localStack({ keep: sandbox, pagesOnEngine: true });
    const s = stack;
    await s.core.local.idle();
    for (let i = 0; i < 5 && !(await status(s)).areas.every((a) => a.ready); i++) { s.core.local.syncNow(); await s.core.local.idle(); }
    const listPath = /^\/v1\/customers$/;
    // The service's own count of the customers' pages (its paths are below /v1).
    expect(served.filter((p) => p === '/customers').length).toBeGreaterThanOrEqual(10);
    // Main's own network saw the business and the records read by id, never a customers' page.
    expect(s.sent.filter((p) => listPath.test(p))).toEqual([]);
    // Pages answered 503 or 429 were asked again by main's client (every area's copy is whole).
    expect(faults.length).toBeGreaterThan(0);
    expect((await status(s)).areas.every((a) => a.ready)).toBe(true);
    for (const area of LOCAL_AREA_KEYS) expect(await copyList(s, area), area).toEqual(await apiList(sandbox, 'owner', area));
  }, 120_000);

  it('an engine that dies mid-fill is started again; the copy resumes from its cursor, with no hole and no duplicate', async () => {
    sandbox = await startSandboxProcess({ customers: 3_000, rateLimit: 0, latencyMs: 30 });
    const urls: URL[] = [];
    stack = await localStack({ keep: sandbox, fetch: (input, init) => { urls.push(new URL(input instanceof Request ? input.url : String(input))); return globalThis.fetch(input, init); } });
    const s = stack;
    // Wait for the customers' fill to be well under way, then end the thread as a crash would.
    for (let i = 0; i < 600 && (customersArea(await status(s)).progress?.records ?? 0) < 500; i++) await new Promise((r) => setTimeout(r, 25));
    expect(customersArea(await status(s)).state).toBe('filling');
    const before = urls.length;
    await s.core.local.crashEngine();
    // Main is still there and says so: nothing is served while the engine restarts (lists read the API).
    const during = await status(s);
    expect(during.areas.every((a) => !a.ready)).toBe(true);
    const q = await s.invoke('local.query', { area: 'customers' });
    expect(q.ok ? 'served' : q.error.code).not.toBe('served');
    expect((await s.invoke('profiles.list', {})).ok).toBe(true);
    await s.core.local.idle();
    const after = await status(s);
    expect(customersArea(after)).toMatchObject({ state: 'ready', ready: true });
    // Went on from its cursor: the restarted fill's first read of customers carried one (no first page again).
    const restarted = urls.slice(before).filter((u) => u.pathname.endsWith('/customers') && !u.searchParams.has('updated_after'));
    expect(restarted.length).toBeGreaterThan(0);
    expect(restarted.every((u) => u.searchParams.has('cursor'))).toBe(true);
    const api = await apiList(sandbox, 'owner', 'customers');
    const held = await copyList(s, 'customers');
    expect(held).toHaveLength(api.length);
    expect(new Set(held.map((c) => c.id)).size).toBe(api.length);
    expect(new Map(held.map((c) => [c.id, c]))).toEqual(new Map(api.map((c) => [c.id, c])));
  }, 120_000);
});
