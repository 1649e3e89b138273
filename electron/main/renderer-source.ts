import { isLoopbackHost } from '../../shared';
import { APP_ORIGIN, isAppUrl, sameOrigin } from '../core/app-origin';
import { buildCsp, buildDevCsp } from '../core/csp';

/** The packaged (and preview) renderer: built files served from app://bizops. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/**
 * The Vite dev server's origin when this is an unpackaged run and ELECTRON_RENDERER_URL (set by
 * electron-vite dev) is a plain http URL on loopback; null otherwise (packaged apps never use it).
 */
export function devServerOrigin(isPackaged: boolean, rendererUrl: string | undefined): string | null {
  if (isPackaged || !rendererUrl) return null;
  let u: URL;
  try {
    u = new URL(rendererUrl);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' || !isLoopbackHost(u.hostname) || u.username !== '' || u.password !== '') return null;
  return u.origin;
}

/** Where the main window's page comes from, and what that allows. */
export interface RendererSource {
  /** What the main window loads. */
  startUrl: string;
  /** Frames that may call the bridge and receive its events. */
  isAllowedSender: (url: string) => boolean;
  /** Navigations a window may make itself (the dev server's own reloads); every other one is blocked. */
  mayNavigate: (url: string) => boolean;
  /** The CSP header put on the app session's responses. */
  csp: string;
  /** The dev server's origin, or null for the built renderer. */
  devOrigin: string | null;
}

const NO_NAVIGATION = () => false;

/** Production: app://bizops only. Dev (unpackaged, loopback dev server): that exact origin as well. */
export function rendererSource(isPackaged: boolean, rendererUrl: string | undefined): RendererSource {
  const origin = devServerOrigin(isPackaged, rendererUrl);
  if (origin === null || rendererUrl === undefined) {
    return { startUrl: APP_START_URL, isAllowedSender: isAppUrl, mayNavigate: NO_NAVIGATION, csp: buildCsp(), devOrigin: null };
  }
  const fromDevServer = sameOrigin(origin);
  return {
    startUrl: new URL(rendererUrl).href,
    isAllowedSender: (url) => isAppUrl(url) || fromDevServer(url),
    mayNavigate: fromDevServer,
    csp: buildDevCsp(origin),
    devOrigin: origin,
  };
}
