/**
 * What the host-agnostic core needs from its host. Electron main implements these with
 * safeStorage, JSON files, clipboard, shell and dialogs; the Chromium harness and the
 * tests implement them in memory. No `electron` import here.
 */
import type { UiLanguage } from '../../shared';

export type VaultBackend = 'os' | 'basic_text' | 'unavailable';

/** What a save dialog saves: a document's PDF or a table's export. */
export type SaveKind = 'pdf' | 'csv' | 'xlsx';

/** Holds API keys. Persistent storage is refused when the backend is not `os` unless the caller accepts it. */
export interface KeyVault {
  backend(): VaultBackend;
  /** Encrypts and persists; throws when encryption is unavailable. */
  store(profileId: string, key: string): void;
  read(profileId: string): string | null;
  /** Wipes the ciphertext. */
  remove(profileId: string): void;
}

/** A small JSON settings store (profiles metadata, active profile, UI prefs). Never holds keys. */
export interface JsonStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** What the user is asked before main reads an API key from the clipboard. */
export interface KeyUseQuestion {
  /** host[:port] the key will be sent to, as the dialog names it. */
  host: string;
  /** The full base URL, for the dialog's detail line. */
  baseUrl: string;
  profileName: string;
  purpose: 'add' | 'replace';
}

export interface HostServices {
  /** Electron's clipboard is asynchronous (since 45), like the W3C API. */
  readClipboardText(): Promise<string>;
  writeClipboardText(text: string): Promise<void>;
  /** Empties the clipboard (after a key was taken from it). */
  clearClipboard(): void;
  /** A native dialog: may the key on the clipboard be used for this host? True only on an explicit yes. */
  confirmKeyUse(question: KeyUseQuestion): Promise<boolean>;
  /** Shows a downloaded PDF file in the system viewer. */
  openPdf(filePath: string): Promise<void>;
  /** Shows a PDF in an in-app window, served from memory (no file is written). */
  showPdf(bytes: Uint8Array, title: string): Promise<void>;
  /** Asks where to save a file of this kind (the dialog's filter); null when the user cancels. */
  chooseSavePath(defaultFileName: string, kind?: SaveKind): Promise<string | null>;
  /** The language the user chose in the app, for native dialogs (unsaved changes, clipboard key). */
  setUiLanguage(language: UiLanguage): void;
  /** Private temporary folder for downloads; cleaned on quit. */
  tempDir(): string;
  appInfo(): { version: string; platform: string; locale: string };
}

/**
 * Where the local copy of each profile lives and the key that encrypts it at rest. Electron main
 * keeps one random key per profile in safeStorage; the harness and tests keep them in memory.
 */
export interface LocalCopyHost {
  /** The app's data folder (Electron's userData); copies go in its `local-copy` folder. */
  dataDir(): string;
  /** The key of a profile's copy, made on first use; null when the host cannot keep one safely (the file is then plain). */
  copyKey(profileId: string): CopyKey;
  forgetCopyKey(profileId: string): void;
  /** The profiles that have a copy key (a start-up sweep drops those of profiles that are gone). */
  copyKeyProfiles(): string[];
}

export interface CopyKey {
  key: string | null;
  /** A key was held but could not be decrypted: this is a new one, and the copy must be filled anew. */
  lost: boolean;
}

/** The embedded demo sandbox. */
export interface DemoSandboxHost {
  start(): Promise<{ baseUrl: string; ownerKey: string }>;
  reset(): Promise<void>;
  stop(): Promise<void>;
  /** Origin (http://127.0.0.1:PORT) of the running sandbox, null when it is not running. Its PDF links are the only http links accepted. */
  origin(): string | null;
}

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}
