import { RESOURCE_AREAS, FEATURE_DISABLED_CODE, type BridgeError, type Permission, type ProfileMeta } from '../../shared';

/** 401/403 codes of spec section 5 that each get their own explanation and next step. */
export const ACCESS_CODES = [
  'insufficient_permission', 'missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key', 'api_access_inactive', 'ip_not_allowed', FEATURE_DISABLED_CODE,
] as const;
export type AccessCode = (typeof ACCESS_CODES)[number];

export type Explained =
  | { kind: 'access'; code: AccessCode; permission: Permission | null; keyProblem: boolean }
  | { kind: 'other' };

const KEY_PROBLEMS: readonly AccessCode[] = ['missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key'];

/** Maps an error to its access explanation; the missing permission comes from the route table. */
export function explainError(error: BridgeError, area: string | undefined): Explained {
  if (error.kind !== 'api' || (error.status !== 401 && error.status !== 403) || !error.code) return { kind: 'other' };
  const code = (ACCESS_CODES as readonly string[]).includes(error.code) ? (error.code as AccessCode) : null;
  if (!code) return { kind: 'other' };
  const permission = code === 'insufficient_permission' && area ? (RESOURCE_AREAS[area]?.readPermission ?? null) : null;
  return { kind: 'access', code, permission, keyProblem: KEY_PROBLEMS.includes(code) };
}

/** What `profiles.test` reported for the active profile. */
export interface AccessReport { readable: readonly Permission[]; denied: readonly Permission[] }

/**
 * Areas known to be closed to the active key: from the last connection test, else from the
 * profile's known permissions (once tested), plus areas that answered 403 in this session.
 */
export function deniedAreas(profile: ProfileMeta | null, report: AccessReport | null, seen403: ReadonlySet<string>): Set<string> {
  const out = new Set<string>(seen403);
  let denied: (p: Permission) => boolean = () => false;
  if (report) denied = (p) => report.denied.includes(p);
  else if (profile && profile.status === 'ok' && profile.permissions_known.length > 0) denied = (p) => !profile.permissions_known.includes(p);
  for (const [key, area] of Object.entries(RESOURCE_AREAS)) if (denied(area.readPermission)) out.add(key);
  return out;
}
