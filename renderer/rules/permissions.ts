import { ROUTES, requiredPermissions, type Permission, type ProfileMeta, type RouteId } from '../../shared';

export type Grant = 'granted' | 'denied' | 'unknown';

/** Everything the app knows about what the active key may do. */
export interface PermissionFacts {
  /** Proven by a successful call. */
  known: readonly Permission[];
  /** Refused by the connection test (reads, and writes where it probed them). */
  denied: readonly Permission[];
  /** Refused by a write in this session. */
  deniedWrites: ReadonlySet<Permission>;
  /** Write permissions the key holds but the business's features do not allow (expenses turned off, spec 4.2 rule 6). */
  featureOff?: readonly Permission[];
}

interface TestReport { denied: readonly Permission[]; write_denied?: readonly Permission[]; writable?: readonly Permission[]; expenses_enabled?: boolean | null }

export function factsOf(profile: ProfileMeta, report: TestReport | null, deniedWrites: ReadonlySet<Permission>): PermissionFacts {
  return {
    known: [...profile.permissions_known, ...(report?.writable ?? [])],
    denied: [...(report?.denied ?? []), ...(report?.write_denied ?? [])],
    deniedWrites,
    featureOff: report?.expenses_enabled === false ? ['expenses:write'] : [],
  };
}

/** A refusal outranks an older success: permissions can be taken away (spec 5.10). */
export function grantOf(p: Permission, f: PermissionFacts): Grant {
  if (f.deniedWrites.has(p) || f.denied.includes(p)) return 'denied';
  return f.known.includes(p) ? 'granted' : 'unknown';
}

/** The permissions a write needs that the key is known to lack (an empty list: allowed or not known yet). */
export function missingFor(route: RouteId, body: unknown, f: PermissionFacts): Permission[] {
  return requiredPermissions(route, body).filter((p) => grantOf(p, f) === 'denied');
}

/** Why a write cannot be made, when that is known before trying: a feature the business has off, or missing permissions. */
export type WriteBlock = { kind: 'feature' } | { kind: 'permission'; permissions: Permission[] };

export function blockOf(route: RouteId, body: unknown, f: PermissionFacts): WriteBlock | null {
  if (requiredPermissions(route, body).some((p) => f.featureOff?.includes(p))) return { kind: 'feature' };
  const missing = missingFor(route, body, f);
  return missing.length > 0 ? { kind: 'permission', permissions: missing } : null;
}

/**
 * What a 403 insufficient_permission on a write proves: with one permission needed, that one;
 * with several, the one not already proven to work (else nothing certain).
 */
export function deniedBy(route: RouteId, body: unknown, f: PermissionFacts): Permission[] {
  const needed = requiredPermissions(route, body);
  if (needed.length === 1) return needed;
  const open = needed.filter((p) => grantOf(p, f) !== 'granted');
  return open.length === 1 ? open : [];
}

/**
 * The fields of a write body, by contract name (`lines[].save_as_product`), whose use needs a
 * permission the key lacks (spec 4.2 rule 5), each with that permission: only those inputs are locked.
 */
export function lockedFields(route: RouteId, f: PermissionFacts): Map<string, Permission> {
  const out = new Map<string, Permission>();
  for (const c of ROUTES[route].conditionalPermissions ?? []) {
    if (grantOf(c.permission, f) === 'denied') for (const field of c.fields) out.set(field, c.permission);
  }
  return out;
}

/** `lines.2.save_as_product` -> `lines[].save_as_product`: an input's name as the contract names its field. */
export const contractNameOf = (name: string): string => name.replace(/\.\d+(?=\.|$)/g, '[]');

/** The field that holds this one (`lines[].sku` -> `lines[]` -> `lines`), or null at the top. */
const holderOf = (name: string): string | null => (name.endsWith('[]') ? name.slice(0, -2) : name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : null);

/** What locks an input: its own field's entry, or that of a field holding it; undefined when it is free. */
export function lockOf<T>(locks: ReadonlyMap<string, T>, name: string): T | undefined {
  for (let n: string | null = contractNameOf(name); n !== null; n = holderOf(n)) {
    const lock = locks.get(n);
    if (lock !== undefined) return lock;
  }
  return undefined;
}

/**
 * Whether the app is offline for writing: the local copy's sync found no service, and no call of
 * this window has been answered since. Without a copy there is no such witness, so a failed call
 * (a retry the user may want) never blocks on its own.
 */
export function writesOffline(net: { answeredAt: number | null; syncOfflineSince: number | null }, local: { storage: 'file' | 'memory' | 'none'; online: boolean } | undefined): boolean {
  if (!local || local.storage === 'none' || local.online) return false;
  return net.answeredAt === null || net.answeredAt <= (net.syncOfflineSince ?? 0);
}
