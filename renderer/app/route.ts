/** Where the app is: a tiny hash route (#/area or #/area/id), enough for a desktop app's screens. */
export interface AppRoute { area: string | null; id: string | null }

export function parseHash(hash: string): AppRoute {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  return { area: parts[0] ?? null, id: parts[1] ?? null };
}

export const hrefOf = (area: string, id?: string | null) => `#/${encodeURIComponent(area)}${id ? `/${encodeURIComponent(id)}` : ''}`;
