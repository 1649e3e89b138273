/**
 * Requests per second for a 100-row list call, against baselines measured in the same run:
 * a bare node:http server answering a small JSON body, and GET /business on the sandbox.
 * Ratios, not verdicts: the machine's load moves the absolute figures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../../electron/sandbox';

const REQUESTS = 400;
const CONCURRENCY = 4;

async function rps(url: string, headers: Record<string, string>): Promise<number> {
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer();
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < REQUESTS) {
      const r = await fetch(url, { headers });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    }
  }));
  return Math.round((REQUESTS / (performance.now() - start)) * 1000);
}

export async function benchSandbox(): Promise<Record<string, number>> {
  const hello = createServer((_req, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"ok":true}'); });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', () => resolve()));
  const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;
  const sb = await startSandbox({ rateLimit: 0 });
  const auth = { Authorization: `Bearer ${sb.keys.owner}` };
  try {
    const helloRps = await rps(helloUrl, {});
    const businessRps = await rps(`${sb.baseUrl}/business`, auth);
    const listRps = await rps(`${sb.baseUrl}/customers?limit=100`, auth);
    const searchRps = await rps(`${sb.baseUrl}/documents?limit=100&search=a&status=closed`, auth);
    return {
      sandbox_hello_rps: helloRps,
      sandbox_business_rps: businessRps,
      sandbox_list100_rps: listRps,
      sandbox_list100_filtered_rps: searchRps,
      sandbox_list100_vs_hello: Number((listRps / helloRps).toFixed(3)),
      sandbox_list100_vs_business: Number((listRps / businessRps).toFixed(3)),
    };
  } finally {
    await sb.close();
    await new Promise<void>((resolve) => hello.close(() => resolve()));
  }
}
