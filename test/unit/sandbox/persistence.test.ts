import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoData } from '../../../electron/sandbox/seed';
import { StatePersistence } from '../../../electron/sandbox/store/persistence';
import { stateFromDemo, type SandboxState } from '../../../electron/sandbox/store/state';

let dir: string;
let template: SandboxState;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-persist-'));
  template = stateFromDemo(1, buildDemoData(1));
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const tagNames = async (file: string) => (JSON.parse(await readFile(file, 'utf8')) as { businesses: { A: { tables: { tags: { rows: { name: string }[] } } } } }).businesses.A.tables.tags.rows.map((t) => t.name);
const addTag = (s: SandboxState, name: string) => s.businesses.A.tables.tags.put({ id: crypto.randomUUID(), object: 'tag', name, color_hex: null, created_at: '2026-11-02T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' } as never);

describe('StatePersistence: every write on disk before its answer, one save at a time', () => {
  it('commit resolves once the file holds the write; writes during a save share the next one', async () => {
    const file = join(dir, 'group.json');
    const state = stateFromDemo(1, buildDemoData(1));
    let snapshots = 0;
    const p = new StatePersistence(file, () => { snapshots++; return state; });
    addTag(state, 'first');
    const first = p.commit();
    // Four more writes while the first save runs: they wait for one more save, together.
    const rest = ['second', 'third', 'fourth', 'fifth'].map((n) => { addTag(state, n); return p.commit(); });
    await first;
    expect(await tagNames(file)).toContain('first');
    await Promise.all(rest);
    expect(await tagNames(file)).toEqual(expect.arrayContaining(['first', 'second', 'third', 'fourth', 'fifth']));
    expect(snapshots).toBe(2);
    expect((await readdir(dir)).filter((n) => n.startsWith('group.json.'))).toEqual([]);
  });

  it('settled waits for the save a write is in, without a save of its own', async () => {
    const file = join(dir, 'settled.json');
    const state = stateFromDemo(1, buildDemoData(1));
    let snapshots = 0;
    const p = new StatePersistence(file, () => { snapshots++; return state; });
    await p.settled(); // nothing pending: at once, no save
    expect(snapshots).toBe(0);
    addTag(state, 'replayed later');
    void p.commit();
    await p.settled();
    expect(await tagNames(file)).toContain('replayed later');
    expect(snapshots).toBe(1);
  });

  it('loads what was saved; temp files a crash left beside it are removed; a missing file is a fresh start', async () => {
    const file = join(dir, 'load.json');
    const p = new StatePersistence(file, () => template);
    expect(await p.load(() => template)).toBeUndefined();
    await p.flush();
    await writeFile(`${file}.99999.tmp`, '{"half": ');
    const loaded = await new StatePersistence(file, () => template).load(() => template);
    expect(loaded?.businesses.A.tables.customers.size).toBe(template.businesses.A.tables.customers.size);
    expect((await readdir(dir)).filter((n) => n.startsWith('load.json.'))).toEqual([]);
  });
});
