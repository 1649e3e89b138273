import { PlainLocalHost, copyFileOf, readableOnDisk } from '../../harness/local-host';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/client';
import { openSql } from '../../../electron/core/local/sql';
import type { LocalQueryOutput, LocalStatus } from '../../../shared';
import { apiList, localStack, type LocalStack } from './stack';

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: { ok: boolean; data?: unknown; error?: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error?.message);
  return r.data as T;
};
const total = async (s: LocalStack, filters: unknown[] = []) => ok<LocalQueryOutput>(await s.invoke('local.query', { area: 'customers', filters, page: { offset: 0, limit: 1 } })).total;

describe('local copy: own writes, 404s, forget, off, profile removal', () => {
  it('applies the app\'s own create, edit and delete from their answers at once, and drops a record that answers 404 when opened', async () => {
    stack = await localStack();
    await stack.core.local.idle();
    const s = stack;
    const before = await total(s);
    const created = ok<{ data: { id: string } }>(await s.invoke('api.call', { route: 'customers.create', body: { name: 'לקוחה חדשה מהאפליקציה' } })).data;
    // No cycle in between: the answer itself reached the copy.
    expect(await total(s)).toBe(before + 1);
    expect(ok<LocalQueryOutput>(await s.invoke('local.query', { area: 'customers', search: 'לקוחה חדשה', page: { offset: 0, limit: 5 } })).rows.map((r) => r.id)).toEqual([created.id]);
    ok(await s.invoke('api.call', { route: 'customers.update', params: { id: created.id }, body: { name: 'Renamed here' } }));
    expect(ok<LocalQueryOutput>(await s.invoke('local.query', { area: 'customers', filters: [{ column: 'id', op: 'equals', value: created.id }] })).rows[0]!.name).toBe('Renamed here');
    ok(await s.invoke('api.call', { route: 'customers.delete', params: { id: created.id } }));
    expect(await total(s)).toBe(before);
    // Someone else deletes a record; opening it answers 404, and the copy lets it go.
    const victim = ok<LocalQueryOutput>(await s.invoke('local.query', { area: 'customers', page: { offset: 3, limit: 1 } })).rows[0]!;
    await new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false }).callUnknown('customers.delete', { params: { id: String(victim.id) } });
    expect(await total(s)).toBe(before);
    const opened = await s.invoke('api.call', { route: 'customers.get', params: { id: String(victim.id) } });
    expect(opened.ok).toBe(false);
    expect(await total(s)).toBe(before - 1);
  }, 60_000);

  it('forget starts the copy again from nothing; off removes the file and lists fall back; removing the profile removes its file and key', async () => {
    stack = await localStack();
    await stack.core.local.idle();
    const s = stack;
    const path = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    expect(existsSync(path)).toBe(true);
    const keyBefore = s.localHost.keyOf(s.profile.id);
    ok(await s.invoke('local.forget', {}));
    // The old file and its key went; the new copy has its own.
    expect(existsSync(path)).toBe(false);
    expect(s.localHost.keyOf(s.profile.id)).not.toBe(keyBefore);
    await s.core.local.idle();
    expect(ok<LocalStatus>(await s.invoke('local.status', {})).areas.every((a) => a.state === 'ready')).toBe(true);
    const api = await new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false }).callUnknown('tasks.list', { query: { limit: 100 } });
    const tasks = ok<LocalQueryOutput>(await s.invoke('local.query', { area: 'tasks', page: { offset: 0, limit: 100 } })).rows;
    expect(new Map(tasks.map((r) => [r.id, r]))).toEqual(new Map((api.data as Record<string, unknown>[]).map((r) => [r.id, r])));
    const off = ok<LocalStatus>(await s.invoke('local.setEnabled', { enabled: false }));
    expect(off.enabled).toBe(false);
    expect(existsSync(path)).toBe(false);
    const q = await s.invoke('local.query', { area: 'customers' });
    expect(q.ok || q.error.code).toBe('local_copy_off');
    ok(await s.invoke('local.setEnabled', { enabled: true }));
    await s.core.local.idle();
    expect(await total(s)).toBeGreaterThan(0);
    const current = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    ok(await s.invoke('profiles.remove', { id: s.profile.id }));
    expect(existsSync(path)).toBe(false);
    expect(existsSync(current)).toBe(false);
    expect(s.localHost.copyKeyProfiles()).not.toContain(s.profile.id);
  }, 60_000);

  it('holds no API key in any table of the decrypted copy; its file and WAL show no record text, where a plain copy shows it', async () => {
    stack = await localStack();
    await stack.core.local.idle();
    const s = stack;
    const key = s.sandbox.keys.owner;
    const path = copyFileOf(s.localHost.dir, s.store, s.profile.id);
    // A second connection with the profile's copy key reads what the copy holds, every table and column.
    const db = openSql({ path, key: s.localHost.keyOf(s.profile.id) });
    let values = 0;
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((r) => String(r.name));
    for (const t of tables) {
      for (const row of db.prepare(`SELECT * FROM "${t.replaceAll('"', '""')}"`).all()) {
        for (const v of Object.values(row)) {
          values += 1;
          // Nor a part of its secret (the last 16 characters).
          if (typeof v === 'string') expect(v.includes(key.slice(-16))).toBe(false);
        }
      }
    }
    expect(tables).toContain('r_customers');
    expect(values).toBeGreaterThan(1_000);
    db.close();
    // The disk: every customer's name the copy holds (Hebrew and English), and the key, looked for in the bytes.
    const names = (await apiList(s.sandbox, 'owner', 'customers')).map((c) => String(c.name));
    expect(names.length).toBeGreaterThan(300);
    expect(readableOnDisk(path, [...names, key.slice(-16)])).toEqual([]);
    // The same scan over a copy written without a key finds the header and the names: it can see.
    const plain = await localStack({ keep: s.sandbox, localHost: new PlainLocalHost() });
    try {
      await plain.core.local.idle();
      expect(ok<LocalStatus>(await plain.invoke('local.status', {})).encrypted).toBe(false);
      const seen = readableOnDisk(copyFileOf(plain.localHost.dir, plain.store, plain.profile.id), names);
      expect(seen[0]).toBe('the SQLite header');
      expect(seen.length).toBeGreaterThan(names.length / 2);
    } finally {
      await plain.close();
      plain.localHost.dispose();
    }
  }, 60_000);
});
