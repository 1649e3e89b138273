import { requiredPermissions, type BridgeError, type Permission, type ProfileMeta, type RouteId } from '../../shared';
import type { ProfilePatch } from './profiles';

/** 403 codes that say the key as a whole cannot work now (spec section 7), not one permission. */
const PROFILE_BLOCKING_403 = new Set(['api_access_inactive', 'ip_not_allowed']);

const samePermissions = (a: readonly Permission[], b: readonly Permission[]) => a.length === b.length && a.every((p) => b.includes(p));

function diff(meta: ProfileMeta, next: Required<Pick<ProfilePatch, 'permissions_known' | 'status' | 'status_code'>>): ProfilePatch | null {
  const unchanged = samePermissions(meta.permissions_known, next.permissions_known) && meta.status === next.status && meta.status_code === next.status_code;
  return unchanged ? null : next;
}

/** A success proves the key holds every permission the call needed, and that the key works. */
export function learnFromSuccess(meta: ProfileMeta, routeId: RouteId, body: unknown): ProfilePatch | null {
  const known = [...new Set([...meta.permissions_known, ...requiredPermissions(routeId, body)])];
  return diff(meta, { permissions_known: known, status: 'ok', status_code: null });
}

/**
 * 401 and the key-wide 403s mark the profile as failing with that code. A 403
 * insufficient_permission drops the permission when the call needed exactly one (otherwise the
 * answer does not say which one was missing).
 */
export function learnFromError(meta: ProfileMeta, routeId: RouteId, body: unknown, error: BridgeError): ProfilePatch | null {
  if (error.kind !== 'api' || error.code === undefined) return null;
  if (error.status === 401 || (error.status === 403 && PROFILE_BLOCKING_403.has(error.code))) {
    return diff(meta, { permissions_known: meta.permissions_known, status: 'error', status_code: error.code });
  }
  if (error.status === 403 && error.code === 'insufficient_permission') {
    const needed = requiredPermissions(routeId, body);
    if (needed.length !== 1) return null;
    return diff(meta, { permissions_known: meta.permissions_known.filter((p) => p !== needed[0]), status: meta.status, status_code: meta.status_code });
  }
  return null;
}
