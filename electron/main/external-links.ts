import { isSafeExternalUrl } from '../core/app-origin';

export type Opener = (url: string) => Promise<void>;

/**
 * The one way the app opens anything outside itself: https only, no credentials in the URL.
 * The opener (shell.openExternal in the app) is injected so this is testable.
 */
export function createExternalLinkOpener(opener: Opener): (url: string) => Promise<boolean> {
  return async (url) => {
    if (!isSafeExternalUrl(url)) return false;
    await opener(new URL(url).href);
    return true;
  };
}
