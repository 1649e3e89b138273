import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { copyPath, openCopy } from '../../../electron/core/local/files';
import { runQuery } from '../../../electron/core/local/query';
import { LocalStore } from '../../../electron/core/local/store';
import { AreaSync } from '../../../electron/core/local/sync';
import { localQueryInputSchema } from '../../../shared';
import { MemoryLogger } from '../../harness/memory-host';
import { MemoryLocalHost } from '../../harness/local-host';
import { apiList, localStack } from './stack';
import { clientSource } from './source';

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  // 3,000 customers, 30 pages; latency makes the fill long enough to kill in the middle.
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0, customers: 3_000, latencyMs: 40 });
  dir = mkdtempSync(join(tmpdir(), 'bizops-crash-'));
});
afterAll(async () => { await sandbox.close(); rmSync(dir, { recursive: true, force: true }); });

const allRows = (store: LocalStore, area: string) => runQuery(store, localQueryInputSchema.parse({ area, page: { offset: 0, limit: 500 } }), true, null).total;

describe('local copy: crash safety', () => {
  it('a fill killed mid-way (SIGKILL) resumes where it stopped: no duplicate, no hole', async () => {
    const key = randomBytes(32).toString('hex');
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fill-child.ts'), sandbox.baseUrl, sandbox.keys.owner, dir, 'crash1', key, 'customers'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let pages = 0;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        pages = Math.max(pages, ...b.toString().split('\n').filter((l) => l.startsWith('page ')).map((l) => Number(l.slice(5))));
        if (pages >= 8) { child.kill('SIGKILL'); resolve(); }
        if (b.toString().includes('done')) reject(new Error('the fill ended before it was killed'));
      });
      child.on('error', reject);
      child.on('exit', (code) => reject(new Error(`the filling process ended (${code}) before it was killed`)));
    });
    await new Promise((r) => child.on('exit', r));
    const { db } = openCopy({ dataDir: dir, profileId: 'crash1', memory: false, key, log: new MemoryLogger() });
    const store = new LocalStore(db);
    const before = store.meta('customers');
    expect(before.filled).toBe(false);
    expect(before.fill_pages).toBeGreaterThanOrEqual(8);
    expect(store.count('customers')).toBe(before.fill_pages * 100);
    const sent: string[] = [];
    const source = clientSource(sandbox.baseUrl, sandbox.keys.owner);
    await new AreaSync(store, { ...source, page: (r, q, s) => { sent.push(String(q.cursor ?? 'first')); return source.page(r, q, s); } })
      .fill('customers', new AbortController().signal, () => {});
    expect(sent[0]).not.toBe('first'); // went on from its cursor
    const api = await apiList(sandbox, 'owner', 'customers');
    expect(store.count('customers')).toBe(api.length);
    expect(allRows(store, 'customers')).toBe(api.length);
    expect(new Set(runQuery(store, localQueryInputSchema.parse({ area: 'customers', page: { offset: 0, limit: 500 } }), true, null).rows.map((r) => r.id)).size).toBe(Math.min(500, api.length));
    expect(statSync(copyPath(dir, 'crash1')).mode & 0o777).toBe(0o600);
    db.close();
  }, 120_000);

  it('a damaged file is rebuilt from the API with a notice, never a crash', async () => {
    const localHost = new MemoryLocalHost();
    const first = await localStack({ keep: sandbox, localHost });
    await first.core.local.idle();
    const profileId = first.profile.id;
    await first.close();
    // Garbage over the whole file, as a disk fault or another program might leave it.
    writeFileSync(copyPath(localHost.dir, profileId), randomBytes(64 * 1024));
    const again = await localStack({ keep: sandbox, localHost, state: { store: first.store, vault: first.vault } });
    expect(again.profile.id).toBe(profileId);
    await again.core.local.idle();
    const st = await again.invoke('local.status', {});
    if (!st.ok) throw new Error(st.error.message);
    const status = st.data as { notice: string | null; areas: { area: string; state: string }[] };
    expect(status.notice).toMatch(/rebuilt from the API/);
    expect(status.areas.every((a) => a.state === 'ready')).toBe(true);
    const api = await apiList(sandbox, 'owner', 'customers');
    const q = await again.invoke('local.query', { area: 'customers', page: { offset: 0, limit: 1 } });
    expect(q.ok && (q.data as { total: number }).total).toBe(api.length);
    expect(new Set(api.map((r) => r.id)).size).toBe(api.length);
    await again.close();
    localHost.dispose();
  }, 120_000);
});
