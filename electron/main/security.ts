import type { Session, WebContents } from 'electron';
import { buildCsp } from '../core/csp';

type HeaderMap = Record<string, string[] | string>;

/** Replaces any CSP the response had with ours (header names compared case-insensitively). */
export function withCsp(headers: HeaderMap | undefined, csp = buildCsp()): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [csp];
  return out;
}

/** Every permission request and check denied (camera, notifications, clipboard-read, ...). */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** The app session: permissions denied and our CSP (the dev server's in `npm run dev`) on every response it receives. */
export function hardenSession(session: Session, csp = buildCsp()): void {
  denyPermissions(session);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, csp) });
  });
}

/**
 * Per web contents: no navigation away from the app, no redirects, no new windows, no webviews,
 * and nothing handed to the system browser either: a page that read records could otherwise send
 * them out in a URL, past the CSP's connect-src. If an external link is ever needed, it goes
 * through a fixed allowlist of hosts or a native confirmation that shows the whole URL.
 * `mayNavigate` lets through only the dev server's own reloads in `npm run dev` (nothing in production).
 */
export function hardenWebContents(contents: WebContents, mayNavigate: (url: string) => boolean = () => false): void {
  contents.on('will-navigate', (event, url) => {
    if (!mayNavigate(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!mayNavigate(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
