/**
 * Which Electron majors still get security fixes.
 *
 * The rule (electronjs.org, "Electron Releases"): the latest three stable majors are supported,
 * and a new stable major ships every 8 weeks. So the window is [newest - 2, newest], and it moves
 * up by one major every 8 weeks after the newest major we know of was released.
 *
 * Set on 2026-11-23: the newest stable major was 45 (45.0.0, released 2026-10-21).
 * test/unit/main/electron-support.test.ts fails once the installed major falls out of the window.
 */
export const ELECTRON_SUPPORT = {
  setOn: '2026-11-23',
  newestStable: 45,
  newestStableReleased: '2026-10-21',
  supportedMajors: 3,
  cadenceWeeks: 8,
} as const;

const WEEK_MS = 7 * 24 * 3_600_000;

/** The supported majors on a date, by the rule above. */
export function supportedMajorsOn(date: Date): { oldest: number; newest: number } {
  const since = date.getTime() - Date.parse(`${ELECTRON_SUPPORT.newestStableReleased}T00:00:00Z`);
  const newest = ELECTRON_SUPPORT.newestStable + Math.max(0, Math.floor(since / (ELECTRON_SUPPORT.cadenceWeeks * WEEK_MS)));
  return { oldest: newest - (ELECTRON_SUPPORT.supportedMajors - 1), newest };
}

/** True when this Electron version (e.g. "45.4.1") is inside the supported window on that date. */
export function isSupportedElectron(version: string, date: Date): boolean {
  const major = Number.parseInt(version, 10);
  return Number.isInteger(major) && major >= supportedMajorsOn(date).oldest;
}
