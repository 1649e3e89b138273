/**
 * Issue 20, finding 8: main's peak memory while it exports 100,000 rows to XLSX. The sandbox runs in
 * its own process (its 100,000 customers are not in this heap); the export runs as in the app, through
 * the core's router with the real client, the rate limit off. Main's memory is this isolate's heap
 * plus its external memory (buffers), sampled every few milliseconds and at each progress event,
 * above what it held just before the export (after a full garbage collection). That peak includes
 * garbage not yet collected; what main still holds once every page is in (the "writing" event,
 * after a full collection) is said beside it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCore } from '../../electron/core';
import type { EventPayload, ExportStart } from '../../shared';
import { ROOT } from '../harness/launch';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import type { Figure } from './report';

const ROWS = 100_000;
/** The seed soft-deletes 4 of business A's customers. */
const DELETED_IN_SEED = 4;
const ROUNDS = 2;
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mainBytes = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

async function startSandboxProcess(): Promise<{ child: ChildProcess; baseUrl: string; ownerKey: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', '--customers', String(ROWS + DELETED_IN_SEED), '--rate-limit', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
  });
  const ready = JSON.parse(line) as { base_url: string; keys: { owner: string } };
  return { child, baseUrl: ready.base_url, ownerKey: ready.keys.owner };
}

const input: ExportStart = {
  route: 'customers.list', query: {}, format: 'xlsx', title: 'Customers', locale: 'en-US', rtl: false,
  columns: [
    { key: 'name', kind: 'text', label: 'Name' }, { key: 'contact_person', kind: 'text', label: 'Contact person' },
    { key: 'email', kind: 'text', label: 'Email' }, { key: 'phone', kind: 'text', label: 'Phone' },
    { key: 'status', kind: 'status', label: 'Status' }, { key: 'updated_at', kind: 'timestamp', label: 'Updated' },
  ],
  texts: { status: { active: 'Active', inactive: 'Inactive' }, enums: {}, yes: 'Yes', no: 'No' },
};

type Progress = EventPayload<'export.progress'>;

export async function benchExportMemory(): Promise<Figure[]> {
  const sb = await startSandboxProcess();
  const host = new MemoryHost();
  host.saveDir = mkdtempSync(join(tmpdir(), 'bizops-bench-export-memory-'));
  const core = createCore({ vault: new MemoryVault(), store: new MemoryStore(), host, log: new MemoryLogger(), demo: new FixedDemoHost(sb.baseUrl, sb.ownerKey), isAllowedSender: () => true });
  let n = 0;
  const call = (op: string, i: unknown) => core.router.handle('bench', `bench-memory-${++n}`, op, i);
  const peaks: number[] = [];
  const retained: number[] = [];
  const rssPeaks: number[] = [];
  const times: number[] = [];
  let bytes = 0;
  try {
    const added = await call('profiles.add', { name: 'bench', environment: 'test', base_url: sb.baseUrl, key: { source: 'typed', key: sb.ownerKey }, session_only: false });
    if (!added.ok) throw new Error(added.error.message);
    await call('profiles.activate', { id: (added.data as { id: string }).id });
    for (let round = 0; round < ROUNDS; round++) {
      gc();
      const base = mainBytes();
      const baseRss = process.memoryUsage().rss;
      let peak = base;
      let rssPeak = baseRss;
      const sample = () => {
        peak = Math.max(peak, mainBytes());
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      };
      const timer = setInterval(sample, 5);
      let held = 0;
      let off: () => unknown = () => undefined;
      const done = new Promise<Progress>((resolve) => off = core.events.on((e, p) => {
        sample();
        const pr = p as Progress;
        if (e === 'export.progress' && pr.state === 'writing') {
          gc();
          held = mainBytes() - base;
        }
        if (e === 'export.progress' && ['done', 'failed', 'cancelled'].includes(pr.state)) resolve(pr);
      }));
      const t0 = performance.now();
      const r = await call('export.start', input);
      if (!r.ok) throw new Error(r.error.message);
      const end = await done;
      clearInterval(timer);
      off();
      if (end.state !== 'done' || end.rows !== ROWS) throw new Error(`export ended ${end.state} with ${end.rows} rows`);
      times.push(performance.now() - t0);
      peaks.push((peak - base) / MB);
      retained.push(held / MB);
      rssPeaks.push((rssPeak - baseRss) / MB);
      bytes = statSync(join(host.saveDir, (r.data as { file_name: string }).file_name)).size;
    }
  } finally {
    await core.shutdown();
    sb.child.kill('SIGTERM');
    rmSync(host.saveDir, { recursive: true, force: true });
    host.dispose();
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return [{
    key: 'export_100k_xlsx_peak_mb',
    label: `main's peak memory above its start while exporting ${ROWS.toLocaleString('en')} rows to XLSX`,
    value: round1(Math.max(...peaks)), unit: 'MB', samples: peaks.length, target: { op: 'report' },
    note: `the higher of ${ROUNDS} runs (${peaks.map(round1).join(' / ')} MB): this thread's heap + external memory, sampled every 5 ms, garbage included; ` +
      `held once every page was in, after a full collection: ${retained.map(round1).join(' / ')} MB; ` +
      `the whole process's RSS (the worker that builds the workbook included) rose ${rssPeaks.map(round1).join(' / ')} MB; ` +
      `${Math.round(Math.min(...times) / 1000)} s per export, ${bytes.toLocaleString('en')} bytes`,
  }];
}

if (process.argv[1]?.endsWith('export-memory.bench.ts')) {
  for (const f of await benchExportMemory()) console.log(JSON.stringify(f));
}
