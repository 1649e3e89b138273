import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { securityHeaders } from '../../electron/main/app-protocol';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf',
};

/** Maps a request path to a file inside `root`; extension-less paths are app routes (index.html). */
export function resolveStatic(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = decoded === '/' || extname(decoded) === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = normalize(root);
  const full = normalize(join(base, rel));
  return full.startsWith(base.endsWith(sep) ? base : base + sep) ? full : null;
}

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
        res.writeHead(200, securityHeaders(MIME[extname(file)] ?? 'application/octet-stream'));
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
