import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from '../core/app-origin';
import { buildCsp } from '../core/csp';

/**
 * Registered before `ready` so app:// is a standard, secure origin (not file://). With V8's code
 * cache, as http(s) pages (and so the harness) have by default: a chunk's compiled code is kept for
 * the next start instead of compiled anew each time.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: false, bypassCSP: false, codeCache: true },
} as const;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Headers every app:// response carries (also used by the harness's static server). */
export function securityHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': buildCsp(),
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}

/** The content type of a renderer file, by its extension. */
export const contentTypeOf = (file: string): string => MIME[extname(file)] ?? 'application/octet-stream';

/**
 * Maps a URL path to a file inside `rootDir`, or null when it would leave it (also used by the
 * harness's static server). Paths without an extension fall back to index.html (client-side routes).
 */
export function resolveInside(rootDir: string, urlPath: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const relative = pathname === '/' || extname(pathname) === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = normalize(rootDir);
  const full = normalize(join(root, relative));
  return full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

/** Maps an app:// URL to a file inside the renderer folder, or null when it would leave it. */
export function resolveAppPath(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  return resolveInside(rendererDir, url.pathname);
}

/** The protocol handler: serves renderer files with the CSP header; 404 for anything else. */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const file = resolveAppPath(rendererDir, request.url);
    if (file === null || request.method !== 'GET') return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { status: 200, headers: securityHeaders(contentTypeOf(file)) });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}
