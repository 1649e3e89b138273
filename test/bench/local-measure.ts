/**
 * What the local copy's benches measure around the core (local.bench.ts, local-scale.bench.ts): the
 * app on a sandbox process, main's longest silence (a 5 ms timer on main's thread, the thread every
 * window's IPC waits on in Electron), the process's peak memory (main and the engine's threads), and
 * the copy's size against its records' JSON.
 */
import { statSync } from 'node:fs';
import { ApiClient } from '../../electron/client';
import { createCore, isAppUrl, type Core } from '../../electron/core';
import { openSql } from '../../electron/core/local/sql';
import type { RunningSandbox } from '../../electron/sandbox';
import { LOCAL_AREA_KEYS, type LocalQueryOutput } from '../../shared';
import { appEngine } from '../harness/engine-bundle';
import { MemoryLocalHost, copyFileOf } from '../harness/local-host';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import { median, p95, round } from './stats';

export interface Run { core: Core; localHost: MemoryLocalHost; store: MemoryStore; profileId: string; requests: () => number; limited: () => number; call(op: string, input: unknown): ReturnType<Core['router']['handle']>; close(): Promise<void> }

/** The core as main runs it, with the copy on, on a profile of the sandbox's owner key. */
export async function appOn(sb: RunningSandbox): Promise<Run> {
  let requests = 0;
  let limited = 0;
  const localHost = new MemoryLocalHost();
  const store = new MemoryStore();
  const core = createCore({
    vault: new MemoryVault(), store, host: new MemoryHost(), log: new MemoryLogger(), localHost, engine: appEngine,
    demo: new FixedDemoHost(sb.baseUrl, sb.keys.owner), isAllowedSender: isAppUrl, syncIntervalMs: 3_600_000,
    // Requests counted by the client (every attempt), wherever they run: a fill's pages run on the engine's thread; and the 429s among them.
    clientFactory: (o) => new ApiClient({ ...o, onEvent: (e) => { requests += 1; if (e.status === 429) limited += 1; } }),
  });
  let n = 0;
  const call = (op: string, input: unknown) => core.router.handle('app://bizops/index.html', `b-${++n}`, op, input);
  const added = await call('profiles.add', { name: 'bench', environment: 'test', base_url: sb.baseUrl, key: { source: 'typed', key: sb.keys.owner }, session_only: false });
  if (!added.ok) throw new Error(added.error.message);
  const profileId = (added.data as { id: string }).id;
  await call('profiles.activate', { id: profileId });
  return { core, localHost, store, profileId, requests: () => requests, limited: () => limited, call, close: async () => { await core.shutdown(); localHost.dispose(); } };
}

/**
 * Main's longest silence while it runs: the longest gap between two ticks of a 5 ms timer on this thread,
 * and when it ended (ms after the start), which tells start-up work from a wait in the middle.
 */
export function stallMeter(everyMs = 5): { stop(): number; endedAt(): number } {
  const start = performance.now();
  let last = start;
  let longest = 0;
  let at = 0;
  const tick = (now: number) => {
    if (now - last > longest) { longest = now - last; at = now - start; }
    last = now;
  };
  const timer = setInterval(() => tick(performance.now()), everyMs);
  return { stop: () => { clearInterval(timer); tick(performance.now()); return longest; }, endedAt: () => at };
}

/** The process's peak resident set (main and every thread of it: the engine, its back room) while it runs. */
export function rssMeter(everyMs = 50): { stop(): { peak: number; base: number } } {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, everyMs);
  return { stop: () => { clearInterval(timer); return { peak: Math.max(peak, process.memoryUsage().rss), base }; } };
}

/**
 * The copy's first fill, until the engine is idle: how long, main's longest silence meanwhile, the
 * process's memory before and at its peak (bytes), and the CPU time of every thread of the process
 * (main, the engine, its back room, V8's helpers; the sandbox's process not included), which a
 * loaded machine moves far less than the time.
 */
export async function measuredFill(app: Run): Promise<{ ms: number; stall: number; stallEndedAt: number; peak: number; base: number; cpuMs: number }> {
  const memory = rssMeter();
  const stall = stallMeter();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await app.core.local.idle();
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const longest = stall.stop();
  return { ms, stall: longest, stallEndedAt: stall.endedAt(), ...memory.stop(), cpuMs: (used.user + used.system) / 1000 };
}

/** A word of a record's text for the search figures: its first of three letters or more. */
export const searchWord = (text: string): string => text.split(/\s+/).find((w) => w.length >= 3) ?? text.slice(0, 3);

/** Every record the copy holds, through local.query as the screens read them: how many, and their JSON's bytes. */
export async function recordsOf(app: Run): Promise<{ records: number; jsonBytes: number; byArea: Record<string, number> }> {
  let records = 0;
  let jsonBytes = 0;
  const byArea: Record<string, number> = {};
  for (const area of LOCAL_AREA_KEYS) {
    let after: LocalQueryOutput['next'] = null;
    do {
      const r = await app.call('local.query', { area, page: { after, limit: 500 } });
      if (!r.ok) throw new Error(`${area}: ${r.error.message}`);
      const out = r.data as LocalQueryOutput;
      for (const row of out.rows) jsonBytes += Buffer.byteLength(JSON.stringify(row));
      records += out.rows.length;
      byArea[area] = (byArea[area] ?? 0) + out.rows.length;
      after = out.next;
    } while (after);
  }
  return { records, jsonBytes, byArea };
}

/** The copy's file with its WAL checkpointed into it (a second connection, as the engine keeps its own open): its size in bytes. */
export function copyBytes(app: Run): number {
  const path = copyFileOf(app.localHost.dir, app.store, app.profileId);
  const db = openSql({ path, key: app.localHost.keyOf(app.profileId) });
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return ['', '-wal'].reduce((s, x) => { try { return s + statSync(path + x).size; } catch { return s; } }, 0);
}

/** Each input's first answer (timed), then `times` more, through the bridge router. */
export async function timedQueries(app: Run, queries: readonly [string, unknown][], times = 20): Promise<{ all: number[]; per: string[]; first: Map<string, number> }> {
  const all: number[] = [];
  const per: string[] = [];
  const first = new Map<string, number>();
  for (const [label, input] of queries) {
    const tf = performance.now();
    const r0 = await app.call('local.query', input);
    first.set(label, performance.now() - tf);
    if (!r0.ok) throw new Error(`${label}: ${r0.error.message}`);
    const s: number[] = [];
    for (let i = 0; i < times; i++) {
      const t = performance.now();
      const r = await app.call('local.query', input);
      s.push(performance.now() - t);
      if (!r.ok) throw new Error(`${label}: ${r.error.message}`);
    }
    all.push(...s);
    per.push(`${label} ${round(median(s), 2)}/${round(p95(s), 2)}`);
  }
  return { all, per, first };
}
