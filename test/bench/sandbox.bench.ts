/**
 * Requests per second for a 100-row list call, against baselines measured in the same run:
 * a bare node:http server serving the very same bytes (prerecorded from the sandbox), a bare
 * node:http server answering a small JSON body, and GET /business on the sandbox.
 * Ratios, not verdicts: the machine's load moves the absolute figures.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../../electron/sandbox';
import type { Figure } from './report';
import { median, round } from './stats';

const REQUESTS = 400;
const CONCURRENCY = 4;
/** The sandbox and its bare twin take turns this many times; the medians are compared. */
const ROUNDS = 3;

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

async function serve(body: Buffer, contentType: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

export async function benchSandbox(): Promise<Figure[]> {
  const sb = await startSandbox({ rateLimit: 0 });
  const auth = { Authorization: `Bearer ${sb.keys.owner}` };
  const listUrl = `${sb.baseUrl}/customers?limit=100`;
  const recorded = await fetch(listUrl, { headers: auth });
  const bytes = Buffer.from(await recorded.arrayBuffer());
  const twin = await serve(bytes, recorded.headers.get('content-type') ?? 'application/json');
  const hello = await serve(Buffer.from('{"ok":true}'), 'application/json');
  try {
    const helloRps = await rps(hello.url, {});
    const businessRps = await rps(`${sb.baseUrl}/business`, auth);
    const searchRps = await rps(`${sb.baseUrl}/documents?limit=100&search=a&status=closed`, auth);
    const sandbox: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      bare.push(await rps(twin.url, {}));
      sandbox.push(await rps(listUrl, auth));
    }
    const listRps = median(sandbox);
    const bareRps = median(bare);
    const base = (key: string, label: string, value: number, unit: string): Figure => ({ key, label, value, unit, kind: 'baseline' });
    return [
      { key: 'sandbox_vs_node_http_ratio', label: 'sandbox 100-row list vs bare node:http, same bytes', value: round(listRps / bareRps, 3), unit: 'x', samples: ROUNDS, target: { op: 'report' },
        note: `requests per second, ${REQUESTS} requests at concurrency ${CONCURRENCY} with fetch from this process (after 20 warm-up requests), ${ROUNDS} alternating rounds, medians: sandbox GET /customers?limit=100 ${listRps}/s vs a bare node:http server answering the same ${bytes.length} bytes prerecorded from it ${bareRps}/s (ratio = sandbox / bare).` },
      base('sandbox_list100_rps', 'sandbox, 100-row customers list', listRps, 'req/s'),
      base('node_http_list100_rps', 'bare node:http, the same bytes', bareRps, 'req/s'),
      base('sandbox_hello_rps', 'bare node:http, small JSON', helloRps, 'req/s'),
      base('sandbox_business_rps', 'sandbox, GET /business', businessRps, 'req/s'),
      base('sandbox_list100_filtered_rps', 'sandbox, 100 documents searched and filtered', searchRps, 'req/s'),
      base('sandbox_list100_vs_hello', 'sandbox list vs small JSON', round(listRps / helloRps, 3), 'x'),
      base('sandbox_list100_vs_business', 'sandbox list vs GET /business', round(listRps / businessRps, 3), 'x'),
    ];
  } finally {
    await sb.close();
    await new Promise<void>((resolve) => twin.server.close(() => resolve()));
    await new Promise<void>((resolve) => hello.server.close(() => resolve()));
  }
}
