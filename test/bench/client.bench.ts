/**
 * Overhead of the typed client (validation, envelope parsing, retries bookkeeping) when walking
 * every customer page, against raw fetch walking the same pages in the same run.
 */
import { startSandbox } from '../../electron/sandbox';
import { ApiClient } from '../../electron/client';

const ROUNDS = 5;

async function timeIt(fn: () => Promise<number>): Promise<{ ms: number; rows: number }> {
  await fn(); // warm-up
  const start = performance.now();
  let rows = 0;
  for (let i = 0; i < ROUNDS; i++) rows = await fn();
  return { ms: (performance.now() - start) / ROUNDS, rows };
}

export async function benchClient(): Promise<Record<string, number>> {
  const sb = await startSandbox({ rateLimit: 0 });
  const headers = { Authorization: `Bearer ${sb.keys.owner}` };
  const client = new ApiClient({ baseUrl: sb.baseUrl, apiKey: sb.keys.owner });
  try {
    const raw = await timeIt(async () => {
      let cursor: string | null = null;
      let rows = 0;
      do {
        const url: string = `${sb.baseUrl}/customers?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const body = (await (await fetch(url, { headers })).json()) as { data: unknown[]; page: { next_cursor: string | null } };
        rows += body.data.length;
        cursor = body.page.next_cursor;
      } while (cursor);
      return rows;
    });
    const typed = await timeIt(async () => {
      let rows = 0;
      for await (const _c of client.iterate('customers.list', { query: { limit: 100 } })) rows++;
      return rows;
    });
    if (raw.rows !== typed.rows) throw new Error(`row counts differ: raw ${raw.rows}, client ${typed.rows}`);
    return {
      client_walk_rows: typed.rows,
      client_walk_raw_ms: Number(raw.ms.toFixed(1)),
      client_walk_typed_ms: Number(typed.ms.toFixed(1)),
      client_walk_typed_vs_raw: Number((typed.ms / raw.ms).toFixed(3)),
    };
  } finally {
    await sb.close();
  }
}
