import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { contentTypeOf, resolveInside, securityHeaders } from '../../electron/main/app-protocol';

/** Maps a request path to a file inside `root`, exactly as app:// does; extension-less paths are app routes (index.html). */
export const resolveStatic = resolveInside;

/** Takes over a WebSocket upgrade request on its path. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface StaticServer {
  origin: string;
  /** Routes WebSocket upgrades on `path` (same origin as the page, as its CSP's connect-src 'self' allows); the function it answers stops. */
  upgrade(path: string, handler: UpgradeHandler): () => void;
  close(): Promise<void>;
}

/** Serves the built renderer on loopback with the same security headers (CSP) as app://. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = req.method === 'GET' || req.method === 'HEAD' ? resolveStatic(root, url.pathname) : null;
    if (file === null) {
      res.writeHead(404).end('Not found');
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, securityHeaders(contentTypeOf(file)));
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(404).end('Not found'),
    );
  });
  const upgrades = new Map<string, UpgradeHandler>();
  // Upgraded sockets leave the HTTP server's own tracking (closeAllConnections): closed here with it.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const handler = upgrades.get(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!handler) { socket.destroy(); return; }
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    handler(req, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    upgrade: (path, handler) => { upgrades.set(path, handler); return () => { upgrades.delete(path); }; },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
    }),
  };
}
