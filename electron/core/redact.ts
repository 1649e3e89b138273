import { API_KEY_PATTERN } from '../../shared';
import { REDACTED, keyLikeSecrets, secretPattern } from '../client/errors';
import type { Logger } from './ports';

/**
 * Scrubs API keys and Authorization headers out of anything headed for a log line, an error
 * or an IPC reply. Known secrets are replaced in any letter case and in base64 / base64url
 * (the client's secretPattern); anything shaped like a key or a bearer credential is replaced by
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

/** One redactor for these secrets (their pattern is built once) plus the key, bearer and base64 patterns. */
function textRedactor(secrets: Iterable<string>): (text: string) => string {
  const known = secretPattern(secrets);
  return (text) => (known ? text.replace(known, REDACTED) : text)
    .replace(BEARER, REDACTED)
    .replace(KEY_SHAPE, REDACTED)
    .replace(BASE64_RUN, (run) => (hidesKey(run) ? REDACTED : run));
}

export function redactText(text: string, secrets: Iterable<string> = []): string {
  return textRedactor(secrets)(text);
}

/** Deep copy with every string redacted and sensitive-looking fields blanked. */
export function redactValue(value: unknown, secrets: Iterable<string> = []): unknown {
  const redact = textRedactor(secrets);
  const seen = new WeakSet<object>();
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return redact(v);
    if (v === null || typeof v !== 'object') return v;
    if (depth >= MAX_DEPTH || seen.has(v)) return '[truncated]';
    seen.add(v);
    if (v instanceof Error) return { name: v.name, message: redact(v.message) };
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = SENSITIVE_FIELD.test(k) && typeof x === 'string' ? REDACTED : walk(x, depth + 1);
    return out;
  };
  return walk(value, 0);
}

/** The last set of secrets and its pattern: every reply is scrubbed against the same few keys. */
let lastScrubber: { id: string; shortest: number; pattern: () => RegExp } | null = null;

function scrubberFor(secrets: Iterable<string>): { shortest: number; pattern: () => RegExp } | null {
  const plain = keyLikeSecrets(secrets);
  if (plain.length === 0) return null;
  const id = plain.join('\n');
  if (lastScrubber?.id !== id) {
    let built: RegExp | undefined;
    // Built on first use: most replies have no string long enough to need it.
    lastScrubber = { id, shortest: Math.min(...plain.map((p) => p.length)), pattern: () => (built ??= secretPattern(plain) as RegExp) };
  }
  return lastScrubber;
}

/**
 * Reply data with every form of the known secrets replaced (a server that echoes the key into a
 * record or a request id). Only known secrets: patterns such as "bearer ..." would alter real
 * business text, so they are left to errors and logs. Every form of a secret (the text, its base64
 * stretches) is at least as long as the shortest secret, so shorter strings are passed over, the
 * pattern is built only when a string is long enough, and only what changed is copied: a list page
 * without a secret comes back as it is.
 */
export function scrubKnownSecrets(value: unknown, secrets: Iterable<string>): unknown {
  const scrub = scrubberFor(secrets);
  if (scrub === null) return value;
  const { shortest } = scrub;
  const scrubText = (text: string): string => (text.length < shortest ? text : text.replace(scrub.pattern(), REDACTED));
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrubText(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const x = walk(v[i]);
        if (x !== v[i]) (copy ??= v.slice())[i] = x;
      }
      return copy ?? v;
    }
    const record = v as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const k of Object.keys(record)) {
      const x = record[k];
      const y = walk(x);
      if (y !== x) (copy ??= { ...record })[k] = y;
    }
    return copy ?? v;
  };
  return walk(value);
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
