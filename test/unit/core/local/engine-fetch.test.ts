import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFetch, takeKept } from '../../../../electron/core/local/engine-fetch';
import type { EngineMessage } from '../../../../electron/core/local/engine-protocol';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const ok = req.url === '/ok';
    res.writeHead(ok ? 200 : 429, { 'content-type': 'application/json', 'x-request-id': 'req_0123456789abcdef', date: 'Sun, 29 Nov 2026 10:00:00 GMT', 'retry-after': '1', 'x-extra': 'kept' });
    res.end(JSON.stringify({ data: [], page: { has_more: false } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const fetched = (path: string) => new Promise<Extract<EngineMessage, { type: 'fetched' }>>((resolve) => {
  serveFetch({ type: 'fetch', id: 1, url: base + path, method: 'GET', headers: [] }, (m) => resolve(m as Extract<EngineMessage, { type: 'fetched' }>));
});

describe("a page fetched on the engine's thread", () => {
  it("tells main its status and request id only, and keeps the body with every header for the page's reader", async () => {
    const m = await fetched('/ok');
    if (!m.ok) throw new Error('no answer');
    expect(m.status).toBe(200);
    expect(m.body).toBeNull();
    expect(m.headers).toEqual([['x-request-id', 'req_0123456789abcdef']]);
    const k = takeKept(m.kept!);
    expect(JSON.parse(new TextDecoder().decode(k.body))).toEqual({ data: [], page: { has_more: false } });
    expect(Object.fromEntries(k.headers)).toMatchObject({ date: 'Sun, 29 Nov 2026 10:00:00 GMT', 'x-request-id': 'req_0123456789abcdef', 'x-extra': 'kept' });
    expect(() => takeKept(m.kept!)).toThrow(/no longer kept/);
  });

  it('sends any other answer whole to main: its body and every header (a 429 says when to try again)', async () => {
    const m = await fetched('/busy');
    if (!m.ok) throw new Error('no answer');
    expect(m.status).toBe(429);
    expect(m.kept).toBeNull();
    expect(Object.fromEntries(m.headers)).toMatchObject({ 'retry-after': '1', 'x-request-id': 'req_0123456789abcdef', 'x-extra': 'kept' });
    expect(m.body?.byteLength).toBeGreaterThan(0);
  });
});
