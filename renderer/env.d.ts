import type { Bridge } from '../shared/bridge';

declare global {
  interface Window {
    /** Exposed by the preload (Electron) or the Chromium harness; the only way to main. */
    bridge: Bridge;
  }
}

export {};
