import { describe, expect, it } from 'vitest';
import { ApiClient, type ListRouteId } from '../../../electron/client';
import { buildDemoData } from '../../../electron/sandbox/seed';
import { optionsFromArgs, scaleArg } from '../../../electron/sandbox/cli';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox';
import { SCALE_MAX } from '../../../electron/sandbox/seed';

describe('a larger demo business for measurements (--customers)', () => {
  it('changes business A\'s customers only, deterministically', () => {
    const small = buildDemoData(1);
    const big = buildDemoData(1, { customers: 1200 });
    expect(big.A.customers.length).toBe(1200);
    expect(new Set(big.A.customers.map((c) => c.id)).size).toBe(1200);
    expect(big.B.customers.length).toBe(small.B.customers.length);
    expect(buildDemoData(1, { customers: 1200 }).A.customers.map((c) => c.id)).toEqual(big.A.customers.map((c) => c.id));
  });

  it('is a command-line option, and a bad count is refused', async () => {
    expect(optionsFromArgs(['--customers', '10004']).options.customers).toBe(10004);
    await expect(startSandbox({ customers: 0 })).rejects.toThrow(/customers must be/);
    await expect(startSandbox({ customers: 1.5 })).rejects.toThrow(/customers must be/);
  });
});

/** The areas other than customers that --scale sets, with their list routes. */
const SCALED = [['documents', 'documents.list'], ['expenses', 'expenses.list'], ['tasks', 'tasks.list']] as const;
const N = 250;

/** Records of a list as the API serves it, counted over every page (ids are checked distinct). */
async function listedIds(sandbox: RunningSandbox, route: ListRouteId): Promise<string[]> {
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.owner, gate: false });
  const ids: string[] = [];
  for await (const page of client.pagesUnknown(route, { query: { limit: 100 } })) ids.push(...(page.data as { id: string }[]).map((r) => r.id));
  return ids;
}

describe('a larger demo business for measurements (--scale documents, expenses, tasks)', () => {
  it('gives business A exactly that many of each, deterministically, and changes nothing else', () => {
    const small = buildDemoData(1);
    // 37, 120 and 149: below the seed's full set of linked documents (150 of them); 250: with it.
    for (const n of [37, 120, 149, N]) {
      const big = buildDemoData(1, { documents: n, expenses: n, tasks: n });
      for (const [area] of SCALED) {
        expect(big.A[area].length, `${area} = ${n}`).toBe(n);
        expect(new Set(big.A[area].map((r) => r.id)).size, area).toBe(n);
        expect(big.B[area].length, `business B's ${area}`).toBe(small.B[area].length);
      }
      expect(big.A.customers.length).toBe(small.A.customers.length);
      expect(buildDemoData(1, { documents: n, expenses: n, tasks: n }).A.tasks.map((t) => t.id)).toEqual(big.A.tasks.map((t) => t.id));
    }
  });

  it('the API lists exactly that many, page after page', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0, scale: { documents: N, expenses: N, tasks: N } });
    try {
      for (const [area, route] of SCALED) {
        const ids = await listedIds(sandbox, route);
        expect(ids.length, area).toBe(N);
        expect(new Set(ids).size, area).toBe(N);
      }
      // An area not scaled keeps the seed's listed count (its deleted rows are not listed).
      const seed = buildDemoData(1).A;
      expect((await listedIds(sandbox, 'customers.list')).length).toBe(seed.customers.length - seed.deleted.customers.length);
    } finally {
      await sandbox.close();
    }
  });

  it('is a command-line option (--scale area=N,...), and a bad area or count is refused', async () => {
    expect(optionsFromArgs(['--scale', 'documents=250,expenses=250,tasks=250']).options.scale).toEqual({ documents: 250, expenses: 250, tasks: 250 });
    expect(optionsFromArgs(['--scale', ' tasks = 7 ']).options.scale).toEqual({ tasks: 7 });
    expect(() => scaleArg('documents=many')).toThrow(/area=N pairs/);
    expect(() => scaleArg('documents=250;tasks=250')).toThrow(/area=N pairs/);
    // The CLI takes any lower-case area name; startSandbox is where an unknown one stops.
    await expect(startSandbox(optionsFromArgs(['--scale', 'leads=10']).options)).rejects.toThrow(/scale takes customers, documents, expenses, tasks, not leads/);
    await expect(startSandbox({ scale: { expenses: 0 } })).rejects.toThrow(/scale expenses must be/);
    await expect(startSandbox({ scale: { tasks: SCALE_MAX + 1 } })).rejects.toThrow(/scale tasks must be/);
  });
});
