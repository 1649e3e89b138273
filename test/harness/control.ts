import { createServer, type Server } from 'node:http';
import type { NetworkSwitch } from './network';

/**
 * The harness's control address on loopback, for tests that drive the app from outside:
 * `POST {control}/network` with `{"online": false}` pulls the app's network cable (the core's
 * requests fail to connect, the sandbox stays up for the test), `{"online": true}` puts it back.
 * `GET {control}/network` tells the state. Nothing else is served.
 */
export interface ControlServer { url: string; close(): Promise<void> }

const MAX_BODY = 1024;

export async function startControl(network: NetworkSwitch): Promise<ControlServer> {
  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.url !== '/network') { reply(404, { error: 'not found' }); return; }
    if (req.method === 'GET') { reply(200, { online: !network.offline }); return; }
    if (req.method !== 'POST') { reply(405, { error: 'use GET or POST' }); return; }
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { text += chunk; if (text.length > MAX_BODY) req.destroy(); });
    req.on('end', () => {
      let online: unknown;
      try { online = (JSON.parse(text) as { online?: unknown }).online; } catch { online = undefined; }
      if (typeof online !== 'boolean') { reply(400, { error: 'send {"online": true|false}' }); return; }
      network.offline = !online;
      reply(200, { online });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
