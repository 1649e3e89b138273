import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The user's time zone (IANA name), in which picked days start. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The instant (ms) of a wall-clock moment "YYYY-MM-DDTHH:mm" in a time zone. */
export const instantOf = (moment: string, zone: string): number => dayjs.tz(moment, zone).valueOf();

/** The calendar day after a day ("2026-03-31" -> "2026-04-01"). */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
