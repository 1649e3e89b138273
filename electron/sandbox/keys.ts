import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PERMISSIONS, READ_PERMISSIONS, type Permission } from '../../shared';
import type { BusinessKey } from './store/state';

/** The named keys of DESIGN.md, in the order the ready line lists them, then the sandbox's own additions. */
export const KEY_NAMES = [
  'owner', 'readonly', 'limited', 'other_business', 'expired', 'revoked',
  'ip_restricted', 'inactive', 'live', 'rotated_old', 'rotated_stale', 'sales', 'documents_clerk',
] as const;
export type KeyName = (typeof KEY_NAMES)[number];
export type SandboxKeys = Record<KeyName, string>;

export const ROTATION_GRACE_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What the server stores about a key: never the secret, only its hash (spec 5.4). */
export interface KeyRecord {
  name: KeyName;
  publicId: string;
  environment: 'live' | 'test';
  business: BusinessKey;
  secretHash: string;
  lastFour: string;
  /** Edited by the owner in the application (RunningSandbox.setPermissions). */
  permissions: ReadonlySet<Permission>;
  expiresAt: number;
  revokedAt: number | null;
  /** Secrets replaced by a rotation, each valid until rotatedAt + 24 h. */
  previousSecrets: { hash: string; rotatedAt: number }[];
  /** IPv4/IPv6/CIDR entries; empty means any address. */
  allowlist: string[];
}

/** Addresses from documentation ranges, so loopback never matches. */
export const IP_RESTRICTED_ALLOWLIST = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Every secret and public id is an HMAC of its label under this master secret. */
type Master = string | Buffer;
function derive(master: Master, label: string): Buffer {
  return createHmac('sha256', master).update(label).digest();
}
function secretFor(master: Master, label: string): string {
  const bytes = Buffer.concat([derive(master, `secret:${label}`), derive(master, `secret2:${label}`)]);
  let out = '';
  for (let i = 0; i < 32; i++) out += BASE62[bytes[i]! % 62];
  return out;
}
const publicIdFor = (master: Master, name: KeyName) => derive(master, `public:${name}`).toString('hex').slice(0, 12);

/**
 * Where the keys come from. A seed gives the same keys on every run, for tests and tools that
 * fix one (anyone who reads this file can compute them); `per-launch` draws a new random master
 * secret at each start, so nobody knows the keys in advance (the app's demo sandbox).
 */
export type KeySource = number | 'per-launch';
const masterOf = (source: KeySource): Master => (source === 'per-launch' ? randomBytes(32) : `bizops-sandbox-keys:${source}`);

interface KeySpec {
  business: BusinessKey;
  permissions?: readonly Permission[];
  environment?: 'live' | 'test';
  expiredAgoMs?: number;
  revoked?: boolean;
  allowlist?: string[];
  /** The handed-out secret is the old one of a rotation this long ago. */
  rotatedAgoMs?: number;
}

const SPECS: Record<KeyName, KeySpec> = {
  owner: { business: 'A' },
  readonly: { business: 'A', permissions: READ_PERMISSIONS },
  limited: { business: 'A', permissions: ['business:read', 'customers:read'] },
  other_business: { business: 'B' },
  expired: { business: 'A', expiredAgoMs: DAY_MS },
  revoked: { business: 'A', revoked: true },
  ip_restricted: { business: 'A', allowlist: IP_RESTRICTED_ALLOWLIST },
  inactive: { business: 'C' },
  live: { business: 'A', environment: 'live' },
  rotated_old: { business: 'A', rotatedAgoMs: HOUR_MS },
  rotated_stale: { business: 'A', rotatedAgoMs: 25 * HOUR_MS },
  // A sales person who works leads but may not create customers: converting a lead needs customers:write too.
  sales: { business: 'A', permissions: ['business:read', 'leads:read', 'leads:write', 'customers:read', 'products:read'] },
  // Issues documents for existing customers and products, but may not create either (no save-as-product).
  documents_clerk: { business: 'A', permissions: ['business:read', 'documents:read', 'documents:write', 'customers:read', 'products:read'] },
};

export interface KeyRing {
  /** Full key texts handed to tests and tools. */
  keys: SandboxKeys;
  /** Records by public id. */
  records: Map<string, KeyRecord>;
}

/** Deterministic per seed, or random per launch (KeySource); times are relative to `nowMs` (the sandbox's start). */
export function buildKeyRing(source: KeySource, nowMs: number): KeyRing {
  const master = masterOf(source);
  const keys = {} as SandboxKeys;
  const records = new Map<string, KeyRecord>();
  for (const name of KEY_NAMES) {
    const spec = SPECS[name];
    const environment = spec.environment ?? 'test';
    const publicId = publicIdFor(master, name);
    const handedOut = secretFor(master, name);
    const current = spec.rotatedAgoMs !== undefined ? secretFor(master, `${name}:rotated`) : handedOut;
    keys[name] = `bo_${environment}_${publicId}_${handedOut}`;
    records.set(publicId, {
      name, publicId, environment, business: spec.business,
      secretHash: hashSecret(current), lastFour: current.slice(-4),
      permissions: new Set(spec.permissions ?? PERMISSIONS),
      expiresAt: spec.expiredAgoMs !== undefined ? nowMs - spec.expiredAgoMs : nowMs + 365 * DAY_MS,
      revokedAt: spec.revoked ? nowMs - HOUR_MS : null,
      previousSecrets: spec.rotatedAgoMs !== undefined ? [{ hash: hashSecret(handedOut), rotatedAt: nowMs - spec.rotatedAgoMs }] : [],
      allowlist: spec.allowlist ?? [],
    });
  }
  return { keys, records };
}
