import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoSandboxHost, HostServices, JsonStore, KeyUseQuestion, KeyVault, Logger, SaveKind, VaultBackend } from '../../electron/core/ports';
import type { UiLanguage } from '../../shared';

/** In-memory stand-ins for the Electron host, used by the harness and the unit tests. */

export class MemoryVault implements KeyVault {
  /** What would be on disk: "ciphertext" per profile (here a reversible marker, never the plain key). */
  readonly stored = new Map<string, string>();
  constructor(private mode: VaultBackend = 'os') {}
  setBackend(mode: VaultBackend): void {
    this.mode = mode;
  }
  backend(): VaultBackend {
    return this.mode;
  }
  store(profileId: string, key: string): void {
    if (this.mode === 'unavailable') throw new Error('encryption unavailable');
    this.stored.set(profileId, Buffer.from(key, 'utf8').reverse().toString('base64'));
  }
  read(profileId: string): string | null {
    const v = this.stored.get(profileId);
    return v === undefined ? null : Buffer.from(v, 'base64').reverse().toString('utf8');
  }
  remove(profileId: string): void {
    this.stored.delete(profileId);
  }
}

export class MemoryStore implements JsonStore {
  readonly data = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.data.get(key) as T | undefined;
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.data.delete(key);
  }
  /** Everything the store holds, as it would be written to disk. */
  dump(): string {
    return JSON.stringify(Object.fromEntries(this.data));
  }
}

/** Reads a JSON object file into a map (empty when the file is not there yet). */
function readJsonMap(file: string): Map<string, unknown> {
  return existsSync(file) ? new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)) : new Map();
}

/**
 * The settings store kept in a file, as main keeps it (electron/main/stores.ts): a harness started again on the
 * same state folder finds the profiles, theme and table views of the last run.
 */
export class FileStore extends MemoryStore {
  constructor(private readonly file: string) {
    super();
    for (const [k, v] of readJsonMap(file)) this.data.set(k, v);
  }
  override set(key: string, value: unknown): void {
    super.set(key, value);
    this.flush();
  }
  override delete(key: string): void {
    super.delete(key);
    this.flush();
  }
  private flush(): void {
    writeFileSync(this.file, this.dump(), { mode: 0o600 });
  }
}

/** The vault's "ciphertext" kept in a file next to the settings (see FileStore). */
export class FileVault extends MemoryVault {
  constructor(private readonly file: string, mode: VaultBackend = 'os') {
    super(mode);
    for (const [k, v] of readJsonMap(file)) if (typeof v === 'string') this.stored.set(k, v);
  }
  override store(profileId: string, key: string): void {
    super.store(profileId, key);
    this.flush();
  }
  override remove(profileId: string): void {
    super.remove(profileId);
    this.flush();
  }
  private flush(): void {
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.stored)), { mode: 0o600 });
  }
}

/**
 * A PDF the host was asked to show. `filePath` is the core's temporary file for the system viewer;
 * for the in-app window the core hands over bytes only, and this fake writes a copy under
 * `shownDir` (outside the core's temp folder) just so tests can read what was shown.
 */
export interface RecordedPdf {
  filePath: string;
  target: 'system' | 'window';
  bytes?: Uint8Array;
  title?: string;
}

/** Host services that record what they were asked to do. */
export class MemoryHost implements HostServices {
  clipboard = '';
  readonly opened: RecordedPdf[] = [];
  /** Every "use the key on the clipboard?" question, in order. */
  readonly keyQuestions: KeyUseQuestion[] = [];
  /** The user's answer to those questions (yes unless a test says otherwise). */
  answerKeyUse: (q: KeyUseQuestion) => boolean = () => true;
  /** Answer of the save dialog (null = cancel, unless `saveDir` is set). */
  savePath: string | null = null;
  /** Without a `savePath`: the dialog saves into this folder under the name it suggested (null = cancel). */
  saveDir: string | null = null;
  /** Every save dialog: the name it suggested, its file type, and where it said to write (null: cancelled). */
  readonly saveDialogs: { defaultFileName: string; kind: SaveKind; path: string | null }[] = [];
  readonly dir: string;
  readonly shownDir: string;
  constructor(private readonly info = { version: '0.1.0', platform: process.platform, locale: 'en' }) {
    this.dir = mkdtempSync(join(tmpdir(), 'bizops-host-'));
    this.shownDir = mkdtempSync(join(tmpdir(), 'bizops-shown-'));
  }
  async readClipboardText(): Promise<string> {
    return this.clipboard;
  }
  async writeClipboardText(text: string): Promise<void> {
    this.clipboard = text;
  }
  clearClipboard(): void {
    this.clipboard = '';
  }
  /** The language the app last reported for native dialogs. */
  uiLanguage: UiLanguage | null = null;
  setUiLanguage(language: UiLanguage): void {
    this.uiLanguage = language;
  }
  async confirmKeyUse(question: KeyUseQuestion): Promise<boolean> {
    this.keyQuestions.push(question);
    return this.answerKeyUse(question);
  }
  async openPdf(filePath: string): Promise<void> {
    this.opened.push({ filePath, target: 'system' });
  }
  async showPdf(bytes: Uint8Array, title: string): Promise<void> {
    mkdirSync(this.shownDir, { recursive: true });
    const filePath = join(this.shownDir, `shown-${this.opened.length}.pdf`);
    writeFileSync(filePath, bytes);
    this.opened.push({ filePath, target: 'window', bytes, title });
  }
  async chooseSavePath(defaultFileName: string, kind: SaveKind = 'pdf'): Promise<string | null> {
    const path = this.savePath ?? (this.saveDir ? join(this.saveDir, defaultFileName) : null);
    // The same name as an earlier export of the same day: the user confirms replacing it. It goes now, so a
    // test waiting for the file meets this export's, not the one before (seen: a filtered export read as the
    // unfiltered one written a second earlier under the same name).
    if (this.saveDir && !this.savePath && path && existsSync(path)) rmSync(path);
    this.saveDialogs.push({ defaultFileName, kind, path });
    return path;
  }
  tempDir(): string {
    return this.dir;
  }
  appInfo() {
    return this.info;
  }
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.shownDir, { recursive: true, force: true });
  }
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
  fields?: Record<string, unknown>;
}

export class MemoryLogger implements Logger {
  readonly lines: LogLine[] = [];
  info(msg: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: 'info', msg, ...(fields ? { fields } : {}) });
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: 'warn', msg, ...(fields ? { fields } : {}) });
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: 'error', msg, ...(fields ? { fields } : {}) });
  }
  text(): string {
    return this.lines.map((l) => JSON.stringify(l)).join('\n');
  }
}

/** A demo host around an already running sandbox (or a fake one in unit tests). */
export class FixedDemoHost implements DemoSandboxHost {
  started = 0;
  resets = 0;
  stops = 0;
  constructor(
    private readonly baseUrl: string,
    private readonly ownerKey: string,
    private readonly onReset: () => Promise<void> = async () => {},
  ) {}
  async start(): Promise<{ baseUrl: string; ownerKey: string }> {
    this.started += 1;
    return { baseUrl: this.baseUrl, ownerKey: this.ownerKey };
  }
  async reset(): Promise<void> {
    this.resets += 1;
    await this.onReset();
  }
  async stop(): Promise<void> {
    this.stops += 1;
  }
  origin(): string | null {
    return new URL(this.baseUrl).origin;
  }
}
