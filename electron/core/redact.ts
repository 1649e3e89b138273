import { API_KEY_PATTERN } from '../../shared';
import { REDACTED, redactSecrets } from '../client/errors';
import type { Logger } from './ports';

/**
 * Scrubs API keys and Authorization headers out of anything headed for a log line, an error
 * or an IPC reply. Known secrets are replaced in any letter case and in base64 / base64url
 * (the client's redactSecrets); anything shaped like a key or a bearer credential is replaced by
 * pattern, also inside a base64 token, so a key the app has not seen yet is still caught.
 */

export { REDACTED };
const KEY_SHAPE = new RegExp(API_KEY_PATTERN.source.replace(/^\^/, '').replace(/\$$/, ''), 'gi');
const KEY_PREFIX = /bo_(live|test)_/i;
const BEARER = /(authorization\s*[:=]\s*)?bearer\s+[^\s"',;}\]]+/gi;
/** Long base64 or base64url runs: decoded, and replaced whole when they hide a key or a bearer credential. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const SENSITIVE_FIELD = /^(authorization|api[_-]?key|apikey|key|secret|token|password)$/i;
const MAX_DEPTH = 8;

function hidesKey(run: string): boolean {
  const decoded = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
  return KEY_PREFIX.test(decoded) || /bearer\s/i.test(decoded);
}

export function redactText(text: string, secrets: Iterable<string> = []): string {
  return redactSecrets(text, secrets)
    .replace(BEARER, REDACTED)
    .replace(KEY_SHAPE, REDACTED)
    .replace(BASE64_RUN, (run) => (hidesKey(run) ? REDACTED : run));
}

/** Deep copy with every string redacted and sensitive-looking fields blanked. */
export function redactValue(value: unknown, secrets: Iterable<string> = [], depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH || seen.has(value)) return '[truncated]';
  seen.add(value);
  if (value instanceof Error) return { name: value.name, message: redactText(value.message, secrets) };
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE_FIELD.test(k) && typeof v === 'string' ? REDACTED : redactValue(v, secrets, depth + 1, seen);
  }
  return out;
}

/** Wraps a logger so that no line it writes can carry a key or an Authorization header. */
export function createRedactingLogger(inner: Logger, secrets: () => Iterable<string>): Logger {
  const wrap = (level: keyof Logger) => (msg: string, fields?: Record<string, unknown>) => {
    const known = [...secrets()];
    const safeFields = fields === undefined ? undefined : (redactValue(fields, known) as Record<string, unknown>);
    inner[level](redactText(msg, known), safeFields);
  };
  return { info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
