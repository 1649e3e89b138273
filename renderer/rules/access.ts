import { RESOURCE_AREAS, FEATURE_DISABLED_CODE, type BridgeError, type Permission, type ProfileMeta } from '../../shared';

/** 401/403 codes of spec section 5 that each get their own explanation and next step. */
export const ACCESS_CODES = [
  'insufficient_permission', 'missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key', 'api_access_inactive', 'ip_not_allowed', FEATURE_DISABLED_CODE,
] as const;
export type AccessCode = (typeof ACCESS_CODES)[number];

export type Explained =
  | { kind: 'access'; code: AccessCode; /** The missing permission(s), as shown. */ permission: string | null; keyProblem: boolean }
  | { kind: 'other' };

const KEY_PROBLEMS: readonly AccessCode[] = ['missing_api_key', 'invalid_api_key', 'expired_api_key', 'revoked_api_key'];

/** Maps an error to its access explanation; the missing permission comes from the route table. */
export function explainError(error: BridgeError, area: string | undefined, writing?: readonly Permission[]): Explained {
  if (error.kind !== 'api' || (error.status !== 401 && error.status !== 403) || !error.code) return { kind: 'other' };
  const code = (ACCESS_CODES as readonly string[]).includes(error.code) ? (error.code as AccessCode) : null;
  if (!code) return { kind: 'other' };
  const permission = code !== 'insufficient_permission' ? null
    : writing ? (writing.length ? writing.join(', ') : null)
      : area ? (RESOURCE_AREAS[area]?.readPermission ?? null) : null;
  return { kind: 'access', code, permission, keyProblem: KEY_PROBLEMS.includes(code) };
}

/** What `profiles.test` reported for the active profile. */
export interface AccessReport { readable: readonly Permission[]; denied: readonly Permission[] }

/**
 * Areas known to be closed to the active key: those the connection test reported denied, plus
 * areas that answered 403 in this session. The profile's `permissions_known` only lists
 * permissions proven to work, so a permission missing from it is unknown, not denied; an area
 * is unlocked again once that list proves its permission.
 */
export function deniedAreas(profile: ProfileMeta | null, report: AccessReport | null, seen403: ReadonlySet<string>): Set<string> {
  const granted = (p: Permission) => profile?.permissions_known.includes(p) === true;
  const out = new Set<string>();
  for (const [key, area] of Object.entries(RESOURCE_AREAS)) {
    const p = area.readPermission;
    if ((report?.denied.includes(p) || seen403.has(key)) && !(granted(p) && !seen403.has(key))) out.add(key);
  }
  return out;
}
