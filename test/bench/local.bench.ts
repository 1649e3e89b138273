/**
 * Issues 21 and 37: the local copy. The sandbox runs in its own process (as the real API is elsewhere),
 * the core in this one, as main runs it, its copy on the engine's thread: the 100,000-customer part
 * (local-large.ts, in a fresh process of its own), then a first fill of 10,000 customers at the
 * sandbox's default rate limit against the floor that limit sets, and a cycle that finds nothing.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { USER_SHARE_ENDS_MS } from '../../electron/client';
import { DEFAULT_RATE_LIMIT } from '../../electron/sandbox';
import { LOCAL_AREA_KEYS } from '../../shared';
import { bundleLikeTheApp } from '../harness/app-bundle';
import { ROOT } from '../harness/renderer-build';
import { startSandboxProcess } from '../harness/sandbox-process';
import { appOn } from './local-measure';
import type { Figure } from './report';
import { median, round } from './stats';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same fill with the rate limit off: what walking, parsing and storing cost by themselves on this machine. */
async function fill10kUnlimited(): Promise<Figure> {
  const sb = await startSandboxProcess({ customers: 10_004, rateLimit: 0 }, { belowMain: true });
  const app = await appOn(sb);
  try {
    await app.core.local.idle();
    const times: number[] = [];
    for (let round = 0; round < 2; round++) {
      const t0 = performance.now();
      await app.call('local.forget', {});
      await app.core.local.idle();
      times.push(performance.now() - t0);
    }
    return { key: 'local_fill_10k_unlimited_ms', label: 'the same first fill with the rate limit off', value: Math.round(median(times)), unit: 'ms', samples: times.length, kind: 'baseline', note: 'when this is near or above the floor, the machine (not the rate limit) sets the fill time' };
  } finally {
    await app.close();
    await sb.close();
  }
}

/** A 10,000-customer first fill at the default rate limit, three timed rounds after a first fill that teaches the gate the limit. */
async function fill10k(): Promise<Figure[]> {
  const sb = await startSandboxProcess({ customers: 10_004 }, { belowMain: true });
  const app = await appOn(sb);
  try {
    // The first fill, then, when it met no 429 (a cold engine, or a machine that fills slower than the limit), a burst
    // of one-row list reads until the gate meets the 429 it learns the rate from. Not more fills: each is a forget,
    // and the copy starts three in a row, then one a minute (REFILLS_AT_ONCE), which the timed rounds would wait on.
    await app.core.local.idle();
    const filled = app.limited() > 0;
    for (let i = 0; i < 4 * DEFAULT_RATE_LIMIT && app.limited() === 0; i++) await app.call('api.call', { route: 'customers.list', query: { limit: 1 } });
    const learned = filled
      ? 'the gate learned the limit from a 429 in the first fill'
      : app.limited() > 0 ? 'the gate learned the limit from a 429 in a burst of reads after the first fill, which met none' : 'no 429 in the first fill or a burst of reads after it: the gate paced by no rate';
    // The burst was the user's: sync keeps a share of the bucket for the user a while after (gate.ts).
    if (!filled) await wait(USER_SHARE_ENDS_MS + 250);
    const ratios: number[] = [];
    const times: number[] = [];
    let nochange = 0;
    let requestsSeen = 0;
    let floorSeen = 0;
    for (let round = 0; round < 3; round++) {
      await wait(1_100); // a full bucket, as the export bench starts
      const before = app.requests();
      const t0 = performance.now();
      await app.call('local.forget', {});
      await app.core.local.idle();
      const ms = performance.now() - t0;
      const requests = app.requests() - before;
      const floor = (Math.max(0, requests - DEFAULT_RATE_LIMIT) / DEFAULT_RATE_LIMIT) * 1000;
      times.push(ms);
      ratios.push(ms / floor);
      requestsSeen = requests;
      floorSeen = floor;
      const b2 = app.requests();
      app.core.local.syncNow();
      await app.core.local.idle();
      nochange = app.requests() - b2;
    }
    return [
      { key: 'local_fill_10k_vs_floor', label: 'first fill of 10,000 customers (and every other area) / the rate-limit floor of its page requests', value: round(median(ratios), 2), unit: 'x', p95: round(Math.max(...ratios), 2), samples: ratios.length, target: { op: '<=', value: 1.1 }, note: `sandbox in its own process at ${DEFAULT_RATE_LIMIT} req/s (burst ${DEFAULT_RATE_LIMIT}); floor = (requests - burst) / rate with a full bucket; ${requestsSeen} requests, fill times ${times.map((t) => Math.round(t)).join('/')} ms including index builds (floor ${Math.round(floorSeen)} ms); ${learned}` },
      { key: 'local_sync_nochange_requests', label: 'requests in a cycle that finds nothing / areas synced', value: round(nochange / LOCAL_AREA_KEYS.length, 2), unit: 'req/area', samples: 3, target: { op: '<=', value: 1 }, note: `${nochange} requests for ${LOCAL_AREA_KEYS.length} areas` },
    ];
  } finally {
    await app.close();
    await sb.close();
  }
}

/**
 * The 100,000-customer part in a fresh Node process that loads the core and its measures only: its
 * peak memory is then main's and the engine's, not the bench's browser driver and what earlier parts left.
 * It runs bundled, as the app's main does, with no TypeScript loader: under tsx main's heap held every
 * module's transpiled source and map (17.5 MB live against 13 to 15), and its full collections took longer.
 */
async function fill100k(): Promise<Figure[]> {
  const dir = await bundleLikeTheApp({ kind: 'bizops-bench', entryPoints: { 'local-large': 'test/bench/local-large.ts' }, alsoExternal: ['esbuild'], as: 'test/bench/local-large.ts' });
  const child = spawn(process.execPath, [join(dir, 'local-large.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the 100,000-customer bench process exited with ${code}`);
  return out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Figure);
}

export async function benchLocal(): Promise<Figure[]> {
  const large = await fill100k();
  return [...await fill10k(), await fill10kUnlimited(), ...large];
}

if (process.argv[1]?.endsWith('local.bench.ts')) {
  for (const f of await benchLocal()) console.log(JSON.stringify(f));
}
