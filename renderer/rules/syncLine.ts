import type { LocalStatus } from '../../shared';

/** What the header says of the local copy: the first that holds of offline, a pass running, a pass the service stopped, up to date. */
export type SyncLine =
  | { kind: 'offline' | 'serviceBusy' | 'keyRefused'; since: string | null }
  | { kind: 'syncing'; area: string; records: number }
  | { kind: 'upToDate' };

export function syncLineOf(s: LocalStatus): SyncLine {
  // The newest last sync: what the screens show was read then.
  const since = s.areas.map((a) => a.last_sync).filter((x): x is string => x !== null).sort().at(-1) ?? null;
  if (!s.online) return { kind: 'offline', since };
  const running = s.areas.find((a) => a.state === 'filling' || a.state === 'syncing');
  if (running) return { kind: 'syncing', area: running.area, records: running.progress?.records ?? running.records };
  if (s.paused === 'busy') return { kind: 'serviceBusy', since };
  if (s.paused === 'refused') return { kind: 'keyRefused', since };
  return { kind: 'upToDate' };
}
