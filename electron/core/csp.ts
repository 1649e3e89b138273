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

const join = (extra: Record<string, string> = {}) =>
  DIRECTIVES.map(([name, value]) => `${name} ${extra[name] ? `${value} ${extra[name]}` : value}`).join('; ');

export function buildCsp(): string {
  return join();
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
