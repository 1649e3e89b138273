/**
 * Overhead of the typed client (validation, envelope parsing, retries bookkeeping) when walking
 * every customer page, against raw fetch walking the same pages in the same run.
 */
import { startSandbox } from '../../electron/sandbox';
import { ApiClient } from '../../electron/client';
import type { Figure } from './report';

const ROUNDS = 5;

async function timeIt(fn: () => Promise<number>): Promise<{ ms: number; rows: number }> {
  await fn(); // warm-up
  const start = performance.now();
  let rows = 0;
  for (let i = 0; i < ROUNDS; i++) rows = await fn();
  return { ms: (performance.now() - start) / ROUNDS, rows };
}

export async function benchClient(): Promise<Figure[]> {
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
    const base = (key: string, label: string, value: number, unit: string): Figure => ({ key, label, value, unit, samples: ROUNDS, kind: 'baseline' });
    return [
      base('client_walk_rows', 'customers walked page by page (100 a page)', typed.rows, 'rows'),
      base('client_walk_raw_ms', 'walk with raw fetch', Number(raw.ms.toFixed(1)), 'ms'),
      base('client_walk_typed_ms', 'walk with the typed client (iterate)', Number(typed.ms.toFixed(1)), 'ms'),
      base('client_walk_typed_vs_raw', 'typed client vs raw fetch, whole walk', Number((typed.ms / raw.ms).toFixed(3)), 'x'),
    ];
  } finally {
    await sb.close();
  }
}
