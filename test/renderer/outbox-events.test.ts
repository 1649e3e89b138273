import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { QueryFunction } from '@tanstack/react-query';
import type { OutboxCounts, OutboxEntry, OutboxSubmit } from '../../shared';

/**
 * The window's outbox cache and main's outbox.changed: a submission's own announcement does not send
 * the window to read every entry on its way to the record screen (the answer brings the entry); any
 * other change, or one made meanwhile by someone else, does.
 */
const entry = (n: number): OutboxEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, seq: n, route: 'customers.create', params: null, body: { name: `C${n}` }, area: 'customers',
  record_id: null, temp_id: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`, result_id: null, name: `C${n}`, state: 'waiting', why: null, attempts: 0,
  created_at: '2026-11-28T10:00:00.000Z', sent_at: null, request_id: null,
});
const counts = (waiting: number): OutboxCounts => ({ waiting, decisions: 0, failed: 0 });

/** The renderer's module (DOM code, outside the Node typecheck), typed here by what the test uses. */
interface Mod {
  outboxOptions(): { queryKey: readonly unknown[]; queryFn: QueryFunction<unknown> };
  outboxChanged(qc: QueryClient, counts: OutboxCounts): void;
  submitToOutbox(qc: QueryClient, input: OutboxSubmit): Promise<unknown>;
}
const rendererData = (file: 'outbox') => import(`../../renderer/data/${file}.ts`) as Promise<Mod>;
let m: Mod;
let qc: QueryClient;
let listed: number;
let onSubmit: () => void;
let mainEntries: OutboxEntry[];

beforeEach(async () => {
  vi.resetModules();
  listed = 0;
  mainEntries = [entry(1)];
  onSubmit = () => {};
  const invoke = async (op: string) => {
    if (op === 'outbox.list') { listed += 1; return { ok: true, data: { entries: mainEntries, counts: counts(mainEntries.length) } }; }
    if (op === 'outbox.submit') {
      const made = entry(mainEntries.length + 1);
      mainEntries = [...mainEntries, made];
      onSubmit();
      return { ok: true, data: { entry: made, shown: null } };
    }
    throw new Error(`unexpected ${op}`);
  };
  vi.stubGlobal('window', { bridge: { invoke } });
  m = await rendererData('outbox');
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await qc.fetchQuery(m.outboxOptions());
  listed = 0;
});
afterEach(() => { vi.unstubAllGlobals(); });

const settle = () => new Promise((r) => setTimeout(r, 10));
const cached = () => qc.getQueryData<{ entries: OutboxEntry[]; counts: OutboxCounts }>(['outbox'])!;

describe('outbox.changed and this window\'s own submissions', () => {
  it('the submission\'s own announcement reads nothing: the entry and the counts come from its answer', async () => {
    onSubmit = () => m.outboxChanged(qc, counts(2));
    await m.submitToOutbox(qc, { route: 'customers.create', body: { name: 'C2' } });
    await settle();
    expect(listed).toBe(0);
    expect(cached().entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(cached().counts).toEqual(counts(2));
  });

  it('a change made by someone else during the submission is read: every entry again, once', async () => {
    onSubmit = () => {
      mainEntries = [...mainEntries, entry(3)];
      m.outboxChanged(qc, counts(3));
    };
    await m.submitToOutbox(qc, { route: 'customers.create', body: { name: 'C2' } });
    await settle();
    expect(listed).toBe(1);
    expect(cached().entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(cached().counts).toEqual(counts(3));
  });

  it('an announcement with no submission of this window under way is read at once', async () => {
    mainEntries = [...mainEntries, entry(2)];
    m.outboxChanged(qc, counts(2));
    expect(cached().counts).toEqual(counts(2));
    await settle();
    expect(listed).toBe(1);
    expect(cached().entries.map((e) => e.seq)).toEqual([1, 2]);
  });
});
