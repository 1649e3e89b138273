import { timingSafeEqual } from 'node:crypto';
import type { BlockList } from 'node:net';
import { API_KEY_PATTERN } from '../../shared';
import { SandboxError } from './errors';
import { addressAllowed, compileAllowlist } from './ip';
import { hashSecret, ROTATION_GRACE_MS, type KeyRecord, type KeyRing } from './keys';

/** The sandbox is a test environment: only test keys are accepted. */
export const SANDBOX_ENVIRONMENT = 'test';

/** Scheme is case-sensitive, exactly one space, no whitespace inside the key. */
const BEARER = /^Bearer ([^\s]+)$/;

/** The key of the header; undefined when no key was sent (no header, empty, or the bare scheme). */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '' || header.trim() === 'Bearer') return undefined;
  const m = BEARER.exec(header);
  if (!m) throw new SandboxError('invalid_api_key', 'The Authorization header must be "Bearer <API_KEY>".');
  return m[1];
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Key validity in the order of spec 5.11: format and environment (before lookup), lookup,
 * secret (current, or a rotated-out one within 24 h), revocation, expiry.
 */
export function verifyKey(header: string | undefined, ring: KeyRing, nowMs: number): KeyRecord {
  const token = bearerToken(header);
  if (token === undefined) throw new SandboxError('missing_api_key');
  const m = API_KEY_PATTERN.exec(token);
  if (!m) throw new SandboxError('invalid_api_key', 'The API key is not in the expected format.');
  if (m[1] !== SANDBOX_ENVIRONMENT) throw new SandboxError('invalid_api_key', 'This environment accepts test keys only.');
  const record = ring.records.get(m[2]!);
  const invalid = new SandboxError('invalid_api_key');
  if (!record || record.environment !== SANDBOX_ENVIRONMENT) throw invalid;
  const hash = hashSecret(m[3]!);
  const current = sameHash(hash, record.secretHash);
  const inGrace = record.previousSecrets.some((p) => sameHash(hash, p.hash) && nowMs < p.rotatedAt + ROTATION_GRACE_MS);
  if (!current && !inGrace) throw invalid;
  if (record.revokedAt !== null && record.revokedAt <= nowMs) throw new SandboxError('revoked_api_key');
  if (record.expiresAt <= nowMs) throw new SandboxError('expired_api_key');
  return record;
}

const compiled = new WeakMap<KeyRecord, BlockList>();
/** IP restriction (after the subscription check). */
export function checkAddress(record: KeyRecord, address: string): void {
  if (record.allowlist.length === 0) return;
  let list = compiled.get(record);
  if (!list) { list = compileAllowlist(record.allowlist); compiled.set(record, list); }
  if (!addressAllowed(list, address)) throw new SandboxError('ip_not_allowed');
}
