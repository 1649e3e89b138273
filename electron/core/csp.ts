/**
 * The renderer's Content Security Policy, sent as a response header by the app:// protocol
 * (Electron) and by the harness's static server. No inline scripts, no eval, no network beyond its own origin:
 * the renderer talks only through window.bridge. style-src allows inline styles because
 * Mantine injects its CSS variables at runtime (see .electronegativity-allowlist.json).
 */
const DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['frame-src', "'none'"],
  ['worker-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

/** Directives a policy in a <meta> element cannot carry (CSP 3: the browser ignores them there and logs an error). */
export const HEADER_ONLY_DIRECTIVES: readonly string[] = ['frame-ancestors', 'report-uri', 'sandbox'];

const join = (extra: Record<string, string> = {}, directives = DIRECTIVES) =>
  directives.map(([name, value]) => `${name} ${extra[name] ? `${value} ${extra[name]}` : value}`).join('; ');

export function buildCsp(): string {
  return join();
}

/**
 * The same policy for the built page's <meta> (a second guard where no header comes), less what only a
 * header can say: the header keeps frame-ancestors.
 */
export function buildMetaCsp(): string {
  return join({}, DIRECTIVES.filter(([name]) => !HEADER_ONLY_DIRECTIVES.includes(name)));
}

/**
 * The policy for an unpackaged run on the Vite dev server (`npm run dev`), never for the app:// page:
 * the server's inline React-refresh preamble needs 'unsafe-inline' scripts, and hot reload needs a
 * WebSocket to the server's own origin. Everything else is as strict as in production.
 */
export function buildDevCsp(devOrigin: string): string {
  const u = new URL(devOrigin);
  return join({ 'script-src': "'unsafe-inline'", 'connect-src': `ws://${u.host}` });
}
