/** The app's own page is served from this custom protocol (electron/main/protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'bizops';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

// Node's URL gives origin "null" for non-special schemes, so compare scheme and host.
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** A sender predicate for a plain http(s) origin (the Chromium harness). */
export function sameOrigin(origin: string): (url: string) => boolean {
  const expected = new URL(origin).origin;
  return (url) => {
    try {
      return new URL(url).origin === expected;
    } catch {
      return false;
    }
  };
}
