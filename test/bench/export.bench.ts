/**
 * Issue 13: the time to export 10,000 rows from the sandbox, next to the floor its rate limit
 * sets. The export runs as in the app: the core's export job (export.start through the bridge
 * router, the fake save dialog writing into a temporary folder), 100 rows a page, CSV and XLSX.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core';
import { DEFAULT_RATE_LIMIT, startSandbox } from '../../electron/sandbox';
import { EXPORT_LIMITS, type EventPayload, type ExportStart } from '../../shared';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import type { Figure } from './report';
import { median } from './stats';

const ROWS = 10_000;
/** The seed soft-deletes 4 of business A's customers: 10,004 made, 10,000 listed. */
const DELETED_IN_SEED = 4;
const ROUNDS = 3;

const input = (format: 'csv' | 'xlsx'): ExportStart => ({
  route: 'customers.list', query: {}, format, title: 'Customers', locale: 'en-US', rtl: false,
  columns: [
    { key: 'name', kind: 'text', label: 'Name' }, { key: 'contact_person', kind: 'text', label: 'Contact person' },
    { key: 'email', kind: 'text', label: 'Email' }, { key: 'phone', kind: 'text', label: 'Phone' },
    { key: 'status', kind: 'status', label: 'Status' }, { key: 'updated_at', kind: 'timestamp', label: 'Updated' },
  ],
  texts: { status: { active: 'Active', inactive: 'Inactive' }, enums: {}, yes: 'Yes', no: 'No' },
});

type Progress = EventPayload<'export.progress'>;

async function exportTimes(rateLimit: number, formats: ('csv' | 'xlsx')[]) {
  const sb = await startSandbox({ customers: ROWS + DELETED_IN_SEED, rateLimit });
  const host = new MemoryHost();
  host.saveDir = mkdtempSync(join(tmpdir(), 'bizops-bench-export-'));
  const core = createCore({ vault: new MemoryVault(), store: new MemoryStore(), host, log: new MemoryLogger(), demo: new FixedDemoHost(sb.baseUrl, sb.keys.owner), isAllowedSender: () => true });
  let n = 0;
  const call = (op: string, i: unknown) => core.router.handle('bench', `bench-${++n}`, op, i);
  const added = await call('profiles.add', { name: 'bench', environment: 'test', base_url: sb.baseUrl, key: { source: 'typed', key: sb.keys.owner }, session_only: false });
  if (!added.ok) throw new Error(added.error.message);
  await call('profiles.activate', { id: (added.data as { id: string }).id });
  const out: Record<string, { ms: number[]; waits: number[]; bytes: number }> = {};
  try {
    for (const format of formats) {
      out[format] = { ms: [], waits: [], bytes: 0 };
      for (let round = 0; round < ROUNDS + 1; round++) {
        // A full bucket at the start of each run (the best case the limit allows).
        await new Promise((r) => setTimeout(r, 1_100));
        const done = new Promise<Progress>((resolve) => core.events.on((e, p) => {
          const pr = p as Progress;
          if (e === 'export.progress' && ['done', 'failed', 'cancelled'].includes(pr.state)) resolve(pr);
        }));
        const t0 = performance.now();
        const r = await call('export.start', input(format));
        if (!r.ok) throw new Error(r.error.message);
        const end = await done;
        const ms = performance.now() - t0;
        if (end.state !== 'done' || end.rows !== ROWS) throw new Error(`export ${format} ended ${end.state} with ${end.rows} rows`);
        if (round === 0) continue; // warm-up
        out[format].ms.push(ms);
        out[format].waits.push(end.waits);
        out[format].bytes = statSync(join(host.saveDir, (r.data as { file_name: string }).file_name)).size;
      }
    }
  } finally {
    await core.shutdown();
    await sb.close();
    rmSync(host.saveDir, { recursive: true, force: true });
    host.dispose();
  }
  return out;
}

const waitsNote = (r: Record<string, { waits: number[] }>) => `; waits per measured run ${r.csv!.waits.join('/')}`;

export async function benchExport(): Promise<Figure[]> {
  const requests = Math.ceil(ROWS / EXPORT_LIMITS.pageSize);
  const rate = DEFAULT_RATE_LIMIT;
  // Token bucket of `rate` a second with a burst of `rate` (electron/sandbox/http/limits.ts).
  const floorFull = (Math.max(0, requests - rate) / rate) * 1000;
  const floorEmpty = (requests / rate) * 1000;
  const limited = await exportTimes(rate, ['csv', 'xlsx']);
  const open = await exportTimes(0, ['csv']);
  const fig = (key: string, label: string, ms: number[], note: string): Figure => ({
    key, label, value: Math.round(median(ms)), unit: 'ms', p95: Math.round(Math.max(...ms)), samples: ms.length, target: { op: 'report' }, note,
  });
  const waits = (f: string) => `, waits per run ${limited[f]!.waits.join('/')}`;
  const ratios = limited.csv!.ms.map((ms) => ms / floorFull);
  return [
    {
      key: 'export_10k_vs_floor', label: `a ${ROWS.toLocaleString('en')}-row CSV export at the default rate limit / the floor that limit sets`,
      value: Number(median(ratios).toFixed(2)), unit: 'x', p95: Number(Math.max(...ratios).toFixed(2)), samples: ratios.length, target: { op: '<=', value: 1.1 },
      note: `export_10k_csv_ms / export_10k_rate_floor_ms; the export paces itself to the limit the client learned from its warm-up run's one 429 (electron/client/gate.ts)${waitsNote(limited)}`,
    },
    fig('export_10k_csv_ms', `export ${ROWS.toLocaleString('en')} rows to CSV, sandbox at its default ${rate} req/s`, limited.csv!.ms, `${requests} pages of 100; ${limited.csv!.bytes.toLocaleString('en')} bytes${waits('csv')}; from export.start to the done event`),
    fig('export_10k_xlsx_ms', `export ${ROWS.toLocaleString('en')} rows to XLSX, same sandbox`, limited.xlsx!.ms, `${limited.xlsx!.bytes.toLocaleString('en')} bytes${waits('xlsx')}`),
    { key: 'export_10k_rate_floor_ms', label: `floor the rate limit sets for ${requests} requests (${rate} req/s, burst ${rate})`, value: Math.round(floorFull), unit: 'ms', target: { op: 'report' }, note: `(requests - burst) / rate with a full bucket; ${Math.round(floorEmpty)} ms from an empty one (requests / rate)` },
    fig('export_10k_csv_unlimited_ms', 'the same CSV export with the rate limit off', open.csv!.ms, 'what the walk, formatting and writing cost by themselves'),
  ];
}

if (process.argv[1]?.endsWith('export.bench.ts')) {
  for (const f of await benchExport()) console.log(JSON.stringify(f));
}
