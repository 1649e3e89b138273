import type { LocalStatus } from '../../shared';

/**
 * What the header says of the local copy, the first that holds of: offline; an area's first fill
 * (how many of its records are read so far); a pass the service stopped (busy, or the key refused);
 * areas whose sync failed; areas the key may not read; up to date. A routine pass over copies already
 * filled changes nothing here (only `busy`, for the icon's state): it says what it said before.
 */
export type SyncLine =
  | { kind: 'offline' | 'serviceBusy' | 'keyRefused'; since: string | null }
  | { kind: 'filling'; area: string; records: number }
  | { kind: 'failed'; areas: string[]; messages: string[] }
  | { kind: 'denied'; areas: string[]; messages: string[] }
  | { kind: 'upToDate'; busy: boolean };

export function syncLineOf(s: LocalStatus): SyncLine {
  // The newest last sync: what the screens show was read then.
  const since = s.areas.map((a) => a.last_sync).filter((x): x is string => x !== null).sort().at(-1) ?? null;
  if (!s.online) return { kind: 'offline', since };
  const filling = s.areas.find((a) => a.state === 'filling');
  if (filling) return { kind: 'filling', area: filling.area, records: filling.progress?.records ?? filling.records };
  if (s.paused === 'busy') return { kind: 'serviceBusy', since };
  if (s.paused === 'refused') return { kind: 'keyRefused', since };
  for (const kind of ['failed', 'denied'] as const) {
    const areas = s.areas.filter((a) => a.state === (kind === 'failed' ? 'error' : 'denied'));
    if (areas.length) return { kind, areas: areas.map((a) => a.area), messages: [...new Set(areas.map((a) => a.message).filter((m): m is string => !!m))] };
  }
  return { kind: 'upToDate', busy: s.areas.some((a) => a.state === 'syncing') };
}
