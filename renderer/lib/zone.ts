import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

let zoneRead: { zone: string; at: number } | null = null;
/**
 * The user's time zone (IANA name), in which picked days start. Read again at most once a second
 * (the system's zone can change while the app runs; a list's render asks it many times, and each
 * read builds a formatter).
 */
export function userTimeZone(): string {
  const now = Date.now();
  if (!zoneRead || now - zoneRead.at > 1_000) zoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  return zoneRead.zone;
}

/** The instant (ms) of a wall-clock moment "YYYY-MM-DDTHH:mm" in a time zone. */
export const instantOf = (moment: string, zone: string): number => dayjs.tz(moment, zone).valueOf();

/** The calendar day after a day ("2026-03-31" -> "2026-04-01"). */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
