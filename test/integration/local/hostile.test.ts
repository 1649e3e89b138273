import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS_MAX_BYTES } from '../../../electron/core/local/answers';
import { STATEMENTS_KEPT } from '../../../electron/core/local/sql';
import type { BridgeResult } from '../../../shared';
import { localStack, type LocalStack } from './stack';

/**
 * A page treated as hostile cannot exhaust main through the copy: every cache its questions can grow
 * is bounded (statements, answers, counts), ranks are built once per column and language however the
 * page alternates, and the operations that walk the API (check deletions, forget) cannot be looped
 * into endless walks. Main's memory and the API requests are measured before and after each.
 */
let s: LocalStack;
let elapsed = 0;
beforeAll(async () => {
  s = await localStack({ monotonic: () => performance.now() + elapsed });
  await s.core.local.idle();
}, 60_000);
afterAll(async () => { await s.close(); });

const ok = (r: BridgeResult<unknown>) => { if (!r.ok) throw new Error(r.error.message); return r.data; };
const heapMb = () => process.memoryUsage().heapUsed / 1e6;
const footprint = async () => (await s.core.local.footprint())!;

describe('local copy: a hostile page', () => {
  it('asks thousands of different questions: statements, answers and counts stay within their bounds', async () => {
    const before = { heap: heapMb(), ...await footprint() };
    for (let i = 0; i < 1_500; i++) {
      // Every question a new SQL text: IN lists of every length, a contains text, a range.
      const values = Array.from({ length: 1 + (i % 200) }, (_, k) => `name ${i}-${k}`);
      ok(await s.invoke('local.query', { area: 'customers', filters: [{ column: 'name', op: 'in', values }, { column: 'email', op: 'contains', value: `x${i}` }], page: { offset: 0, limit: 1 } }));
      ok(await s.invoke('local.aggregate', { area: 'documents', filters: [{ column: 'title', op: 'contains', value: `q${i}` }], group_by: 'id', sums: ['total_minor'] }));
    }
    const after = { heap: heapMb(), ...await footprint() };
    console.log('hostile questions: before', before, 'after', after);
    expect(after.statements).toBeLessThanOrEqual(STATEMENTS_KEPT);
    expect(after.answers_bytes).toBeLessThanOrEqual(ANSWERS_MAX_BYTES);
    expect(after.counts_bytes).toBeLessThanOrEqual(ANSWERS_MAX_BYTES);
  }, 120_000);

  it('sorts by every text column in both languages, alternating: ranks are numbered once per column and language', async () => {
    const start = (await footprint()).rank_epochs;
    const columns = ['name', 'contact_person', 'email', 'address__city', 'business_number'];
    for (let round = 0; round < 6; round++) {
      for (const column of columns) {
        for (const language of ['en', 'he'] as const) ok(await s.invoke('local.query', { area: 'customers', sort: [{ column, direction: 'asc' }], language, page: { offset: 0, limit: 5 } }));
      }
    }
    const built = (await footprint()).rank_epochs - start;
    expect(built).toBeLessThanOrEqual(columns.length * 2);
    // One readMany of 64 reads over two more columns, alternating languages: each column and language once.
    const mid = (await footprint()).rank_epochs;
    const reads = Array.from({ length: 64 }, (_, i) => ({ query: { area: 'documents', sort: [{ column: i % 2 ? 'title' : 'customer__name', direction: 'asc' }], language: i % 4 < 2 ? 'en' : 'he', page: { offset: 0, limit: 1 } } }));
    ok(await s.invoke('local.readMany', { reads }));
    expect((await footprint()).rank_epochs - mid).toBeLessThanOrEqual(4);
  }, 60_000);

  it('loops "check for deletions": one walk of the API, not one per call', async () => {
    const sentBefore = s.sent.length;
    const started: unknown[] = [];
    for (let i = 0; i < 30; i++) started.push(ok(await s.invoke('local.checkDeletions', {})));
    await s.core.local.idle();
    const requests = s.sent.length - sentBefore;
    const walks = s.sent.slice(sentBefore).filter((p) => p.endsWith('/customers')).length;
    console.log(`30 deletion checks asked: ${requests} requests, customers listed ${walks} times`);
    expect(started.filter((x) => (x as { started: boolean }).started)).toHaveLength(1);
    // One walk of customers (a few pages) and the cycle after it.
    expect(walks).toBeLessThanOrEqual(8);
  }, 60_000);

  it('loops "forget": a few fills at once, then one a minute, and the copy is whole again after', async () => {
    const sentBefore = s.sent.length;
    for (let i = 0; i < 25; i++) ok(await s.invoke('local.forget', {}));
    // The fills a loop can start at once have ended (or been stopped by the next forget); the last waits.
    await new Promise((r) => setTimeout(r, 1_000));
    const during = s.sent.length - sentBefore;
    console.log(`25 forgets: ${during} requests in the first second`);
    // Three fills at most, each at most a page per area before the next forget stopped it, and the business.
    expect(during).toBeLessThanOrEqual(3 * 25);
    elapsed += 120_000;
    s.core.local.syncNow();
    await s.core.local.idle();
    const total = ok(await s.invoke('local.query', { area: 'customers', page: { offset: 0, limit: 1 } })) as { total: number };
    expect(total.total).toBeGreaterThan(100);
  }, 60_000);
});
