/**
 * The renderer's Content Security Policy, sent as a response header by the app:// protocol
 * (Electron) and by the harness's static server. No inline scripts, no eval, no network beyond its own origin:
 * the renderer talks only through window.bridge. style-src allows inline styles because
 * Mantine injects its CSS variables at runtime (see .electronegativity-allowlist.json).
 */
export function buildCsp(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
