/**
 * Where an API key may be sent. The key travels in every request's Authorization header, so the
 * base URL must be https; plain http is tolerated only on this machine (the demo sandbox, a local
 * test server), the same rule the PDF links follow. Used by the bridge contract and the connect form.
 */

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A URL hostname on this machine: plain http is tolerated only there. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname);

export const BASE_URL_PROBLEMS = ['not_a_url', 'insecure', 'credentials', 'no_version'] as const;
/** The status code of a profile whose saved base URL is refused (an older build's, or edited on disk): it needs a new address. */
export const BASE_URL_REFUSED = 'base_url_refused';
export type BaseUrlProblem = (typeof BASE_URL_PROBLEMS)[number];

/** Why a base URL is refused, or null when a key may be sent there. */
export function baseUrlProblem(raw: string): BaseUrlProblem | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'not_a_url';
  }
  const secure = u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
  if (!secure) return u.protocol === 'http:' ? 'insecure' : 'not_a_url';
  if (u.username !== '' || u.password !== '') return 'credentials';
  if (u.search !== '' || u.hash !== '' || !/\/v1\/?$/.test(u.pathname)) return 'no_version';
  return null;
}

/** The contract's words for each problem (the renderer shows its own translation of the same problem). */
export const BASE_URL_MESSAGES: Record<BaseUrlProblem, string> = {
  not_a_url: 'the base URL must be an https:// address',
  insecure: 'the base URL must use https:// (plain http:// only for this computer: localhost, 127.0.0.1, [::1])',
  credentials: 'the base URL must not contain a user name or password',
  no_version: 'the base URL must end in /v1',
};
