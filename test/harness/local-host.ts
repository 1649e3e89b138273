import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { LocalCopyHost } from '../../electron/core';

/**
 * The local copy's host for the harness and tests: a data folder (a kept state folder, or a new
 * temporary one) and one random key per profile, held in memory as main holds it in safeStorage.
 */
export class MemoryLocalHost implements LocalCopyHost {
  readonly dir: string;
  private readonly keys = new Map<string, string>();
  private readonly own: boolean;

  constructor(dir?: string) {
    this.own = dir === undefined;
    this.dir = dir ?? mkdtempSync(`${tmpdir()}/bizops-data-`);
  }

  dataDir(): string {
    return this.dir;
  }

  copyKey(profileId: string): string {
    let k = this.keys.get(profileId);
    if (!k) { k = randomBytes(32).toString('hex'); this.keys.set(profileId, k); }
    return k;
  }

  forgetCopyKey(profileId: string): void {
    this.keys.delete(profileId);
  }

  /** A key kept from an earlier run (a restart on the same folder). */
  setKey(profileId: string, key: string): void {
    this.keys.set(profileId, key);
  }

  dispose(): void {
    if (this.own) rmSync(this.dir, { recursive: true, force: true });
  }
}
