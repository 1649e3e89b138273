import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { CopyKey, JsonStore, LocalCopyHost } from '../../electron/core';
import { CopyFiles } from '../../electron/core/local/files';

/**
 * The local copy's host for the harness and tests: a data folder (a kept state folder, or a new
 * temporary one) and one random key per profile, held in memory as main holds it in safeStorage.
 */
export class MemoryLocalHost implements LocalCopyHost {
  readonly dir: string;
  private readonly keys = new Map<string, string>();
  private readonly lost = new Set<string>();
  private readonly own: boolean;

  /** With a kept folder, keys live in a 0600 file there (as main keeps them in its vault file). */
  constructor(dir?: string) {
    this.own = dir === undefined;
    this.dir = dir ?? mkdtempSync(`${tmpdir()}/bizops-data-`);
    const file = this.keyFile();
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const [k, v] of Object.entries(saved)) if (typeof v === 'string') this.keys.set(k, v);
    }
  }

  private keyFile(): string | null {
    return this.own ? null : join(this.dir, 'local-copy-keys.json');
  }

  private flush(): void {
    const file = this.keyFile();
    if (file) writeFileSync(file, JSON.stringify(Object.fromEntries(this.keys)), { mode: 0o600 });
  }

  dataDir(): string {
    return this.dir;
  }

  copyKey(profileId: string): CopyKey {
    return { key: this.keyOf(profileId), lost: this.lost.delete(profileId) };
  }

  /** The key of a profile's copy (made now when it has none). */
  keyOf(profileId: string): string {
    let k = this.keys.get(profileId);
    if (!k) { k = randomBytes(32).toString('hex'); this.keys.set(profileId, k); this.flush(); }
    return k;
  }

  copyKeyProfiles(): string[] {
    return [...this.keys.keys()];
  }

  /** As if the keyring could no longer decrypt the profile's key: the next copyKey makes a new one and says so. */
  loseKey(profileId: string): void {
    this.keys.delete(profileId);
    this.lost.add(profileId);
    this.flush();
  }

  forgetCopyKey(profileId: string): void {
    this.keys.delete(profileId);
    this.flush();
  }

  /** The profiles this host holds a copy key for. */
  keyHolders(): string[] {
    return [...this.keys.keys()];
  }

  /** A key kept from an earlier run (a restart on the same folder). */
  setKey(profileId: string, key: string): void {
    this.keys.set(profileId, key);
  }

  dispose(): void {
    if (this.own) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The current copy file of a profile (as main names it in the settings). */
export const copyFileOf = (dataDir: string, store: JsonStore, profileId: string): string =>
  new CopyFiles(dataDir, store, { info: () => {}, warn: () => {}, error: () => {} }).current(profileId);

/** A host whose keyring gives no key: the copy is written plain (the control that proves a scan of the disk can see). */
export class PlainLocalHost extends MemoryLocalHost {
  override copyKey(): CopyKey {
    return { key: null, lost: false };
  }
}

/**
 * What a copy's files show to anyone who reads the disk: the SQLite header, and which of `texts`
 * (record texts the copy holds) appear in the file or its WAL as UTF-8. An encrypted copy shows none.
 */
export function readableOnDisk(path: string, texts: readonly string[]): string[] {
  const files = [path, `${path}-wal`].filter(existsSync).map((f) => readFileSync(f));
  const header = files[0]?.subarray(0, 15).toString('latin1') === 'SQLite format 3' ? ['the SQLite header'] : [];
  return [...header, ...texts.filter((t) => files.some((b) => b.includes(Buffer.from(t, 'utf8'))))];
}

