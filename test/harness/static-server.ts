import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { contentTypeOf, resolveInside, securityHeaders } from '../../electron/main/app-protocol';

/** Maps a request path to a file inside `root`, exactly as app:// does; extension-less paths are app routes (index.html). */
export const resolveStatic = resolveInside;

export interface StaticServer {
  origin: string;
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
