import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalStatus } from '../../shared';
import { chromiumFound, launchHarness, ROOT, type Harness } from './launch';
import { harnessArgs } from './cli-args';

const FIXTURE = join(ROOT, 'test/harness/fixture');
const haveChromium = chromiumFound();

const statusOf = async (h: Harness): Promise<LocalStatus> => {
  const r = await h.core.router.handle(`${h.origin}/`, `st-${Math.random()}`, 'local.status', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.data as LocalStatus;
};
const post = (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body) });

describe.skipIf(!haveChromium)('harness: local copy, sync interval and the network control', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await launchHarness({ rendererDir: FIXTURE, localCopy: true, syncIntervalMs: 300 });
    // Not local.idle(), nor state 'ready': with a cycle every 300 ms a busy machine may always have a pass
    // running (an area then says 'syncing'); `ready` says its first fill is done.
    await vi.waitFor(async () => expect((await statusOf(h)).areas.every((a) => a.ready)).toBe(true), { timeout: 100_000, interval: 200 });
  }, 120_000);
  afterAll(async () => h?.close());

  it('fills the copy, then POST {control}/network pulls the cable (the next cycle is offline) and puts it back', async () => {
    expect((await statusOf(h)).areas.map((a) => a.ready)).not.toContain(false);
    expect(await (await post(`${h.control}/network`, { online: false })).json()).toEqual({ online: false });
    await expect.poll(async () => (await statusOf(h)).online, { timeout: 10_000 }).toBe(false);
    // Lists still answer from the copy while offline.
    const q = await h.core.router.handle(`${h.origin}/`, 'q1', 'local.query', { area: 'customers', page: { offset: 0, limit: 5 } });
    expect(q.ok && (q.data as { rows: unknown[] }).rows.length).toBe(5);
    await post(`${h.control}/network`, { online: true });
    await expect.poll(async () => (await statusOf(h)).online, { timeout: 10_000 }).toBe(true);
    expect((await fetch(`${h.control}/network`)).status).toBe(200);
    expect((await post(`${h.control}/network`, { online: 'yes' })).status).toBe(400);
    expect((await post(`${h.control}/other`, {})).status).toBe(404);
  }, 60_000);

  it('takes --sync-interval-ms and --local-copy from the command line', () => {
    expect(harnessArgs(['--sync-interval-ms', '500'])).toMatchObject({ options: { syncIntervalMs: 500, localCopy: true } });
    expect(harnessArgs(['--local-copy', 'off'])).toMatchObject({ options: { localCopy: false } });
    expect(harnessArgs(['--sync-interval-ms', '5'])).toHaveProperty('error');
  });
});
