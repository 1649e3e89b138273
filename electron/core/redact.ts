import { createHash } from 'node:crypto';
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

/** Sets an own property, whatever its name (an own "__proto__" stays data, never the prototype). */
const defineOwn = (o: Record<string, unknown>, k: string, v: unknown) => Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true });

/** Deep copy with every string redacted (object keys too) and sensitive-looking fields blanked. */
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
    for (const [k, x] of Object.entries(v)) defineOwn(out, redact(k), SENSITIVE_FIELD.test(k) && typeof x === 'string' ? REDACTED : walk(x, depth + 1));
    return out;
  };
  return walk(value, 0);
}

/** A fingerprint of a set of secrets: the cache below is keyed by it, not by a copy of the keys. */
const fingerprint = (plain: readonly string[]) => createHash('sha256').update(plain.join('\n')).digest('hex');

/**
 * Scrubs replies of the known secrets, keeping the pattern for the current set between replies
 * (every reply is scrubbed against the same few keys). Owned by one core: the pattern goes as soon
 * as no key is known any more (the last profile removed) or the core says so (forget).
 */
export class ReplyScrubber {
  private cache: { id: string; shortest: number; pattern: () => RegExp } | null = null;

  /**
   * Reply data with every form of the known secrets replaced (a server that echoes the key into a
   * record, a request id or an object key). Only known secrets: patterns such as "bearer ..." would
   * alter real business text, so they are left to errors and logs. Every form of a secret (the text,
   * its base64 stretches) is at least as long as the shortest secret, so shorter strings are passed
   * over, the pattern is built only when a string is long enough, and only what changed is copied: a
   * list page without a secret comes back as it is.
   */
  scrub(value: unknown, secrets: Iterable<string>): unknown {
    const scrub = this.scrubberFor(secrets);
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
        const key = scrubText(k);
        if (key !== k) {
          copy ??= { ...record };
          delete copy[k];
          defineOwn(copy, key, y);
        } else if (y !== x) {
          defineOwn((copy ??= { ...record }), k, y);
        }
      }
      return copy ?? v;
    };
    return walk(value);
  }

  /** Drops the pattern (a profile was removed: its key must not stay in it). */
  forget(): void {
    this.cache = null;
  }

  /** True while a pattern of some key is kept. */
  holdsPattern(): boolean {
    return this.cache !== null;
  }

  private scrubberFor(secrets: Iterable<string>): { shortest: number; pattern: () => RegExp } | null {
    const plain = keyLikeSecrets(secrets);
    if (plain.length === 0) {
      this.cache = null;
      return null;
    }
    const id = fingerprint(plain);
    if (this.cache?.id !== id) {
      let built: RegExp | undefined;
      // Built on first use: most replies have no string long enough to need it.
      this.cache = { id, shortest: Math.min(...plain.map((p) => p.length)), pattern: () => (built ??= secretPattern(plain) as RegExp) };
    }
    return this.cache;
  }
}

/** One reply scrubbed with a scrubber of its own (nothing kept). */
export const scrubKnownSecrets = (value: unknown, secrets: Iterable<string>): unknown => new ReplyScrubber().scrub(value, secrets);

/** Wraps a logger so that no line it writes can carry a key or an Authorization header. */
export function createRedactingLogger(inner: Logger, secrets: () => Iterable<string>): Logger {
  const wrap = (level: keyof Logger) => (msg: string, fields?: Record<string, unknown>) => {
    const known = [...secrets()];
    const safeFields = fields === undefined ? undefined : (redactValue(fields, known) as Record<string, unknown>);
    inner[level](redactText(msg, known), safeFields);
  };
  return { info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
