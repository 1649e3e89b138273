import { DEFAULT_RATE_LIMIT } from '../../electron/sandbox';
import { createCore, isAppUrl } from '../../electron/core';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import { MemoryLocalHost } from '../harness/local-host';
import { appEngine } from '../harness/engine-bundle';
import { NetworkSwitch } from '../harness/network';
import { startSandboxProcess } from '../harness/sandbox-process';
import type { Figure } from './report';
import { round } from './stats';

const ENTRIES = 500;

/**
 * 500 changes made offline (new customers), replayed when the network is back at the sandbox's
 * default rate limit: the time from the connection's return to the last one sent, over the floor the
 * rate limit sets for every request the replay and its pass made ((requests - burst) / rate).
 */
export async function benchOutbox(): Promise<Figure[]> {
  const sb = await startSandboxProcess({}, { belowMain: true });
  const net = new NetworkSwitch();
  let requests = 0;
  const localHost = new MemoryLocalHost();
  const core = createCore({
    vault: new MemoryVault(), store: new MemoryStore(), host: new MemoryHost(), log: new MemoryLogger(), localHost, engine: appEngine,
    demo: new FixedDemoHost(sb.baseUrl, sb.keys.owner), isAllowedSender: isAppUrl, syncIntervalMs: 3_600_000,
    fetch: (input, init) => { requests += 1; return net.fetch(input, init); },
  });
  let n = 0;
  const call = async (op: string, input: unknown) => {
    const r = await core.router.handle('app://bizops/index.html', `o-${++n}`, op, input);
    if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
    return r.data;
  };
  try {
    const { id } = await call('profiles.add', { name: 'bench', environment: 'test', base_url: sb.baseUrl, key: { source: 'typed', key: sb.keys.owner }, session_only: false }) as { id: string };
    await call('profiles.activate', { id });
    await core.local.idle();
    await call('profiles.test', { id });
    net.offline = true;
    for (let i = 0; i < ENTRIES; i++) await call('outbox.submit', { route: 'customers.create', body: { name: `Replayed ${i}` } });
    // A full bucket, as the other walks' benches start.
    await new Promise((r) => setTimeout(r, 1_100));
    net.offline = false;
    const before = requests;
    const t0 = performance.now();
    await call('outbox.retry', {});
    await core.local.idle();
    const ms = performance.now() - t0;
    const made = requests - before;
    const { counts } = await call('outbox.list', {}) as { counts: { waiting: number } };
    if (counts.waiting) throw new Error(`${counts.waiting} entries still waiting`);
    const floor = (Math.max(0, made - DEFAULT_RATE_LIMIT) / DEFAULT_RATE_LIMIT) * 1000;
    return [{
      key: 'outbox_replay_500_vs_floor', label: '500 changes made offline, replayed at the default rate limit / the floor that limit sets', value: round(ms / floor, 2), unit: 'x',
      samples: 1, target: { op: '<=', value: 1.1 }, note: `${made} requests (500 writes and the pass around them) in ${Math.round(ms)} ms; floor ${Math.round(floor)} ms at ${DEFAULT_RATE_LIMIT} req/s with a burst of ${DEFAULT_RATE_LIMIT}`,
    }];
  } finally {
    await core.shutdown();
    localHost.dispose();
    await sb.close();
  }
}

if (process.argv[1]?.endsWith('outbox.bench.ts')) {
  for (const f of await benchOutbox()) console.log(JSON.stringify(f));
}
