import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { JsonStore } from '../core/ports';

/** Both files are readable by the user only. */
export const FILE_MODE = 0o600;

/**
 * A JSON object kept in one file, as electron-store kept settings.json and vault.json (same
 * names, same shape, so an existing install reads on): read once, each change written whole to
 * a temporary file in the same folder and renamed over the old one, so a crash never leaves half
 * a file. A file that is missing, unreadable or not a JSON object starts empty (and is replaced
 * on the next change), as electron-store's clearInvalidConfig did.
 */
export class JsonFileStore implements JsonStore {
  private readonly data: Record<string, unknown>;

  constructor(private readonly path: string) {
    this.data = readObject(path);
  }

  get<T>(key: string): T | undefined {
    return Object.hasOwn(this.data, key) ? (structuredClone(this.data[key]) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    Object.defineProperty(this.data, key, { value: structuredClone(value), enumerable: true, configurable: true, writable: true });
    this.flush();
  }

  delete(key: string): void {
    if (!Object.hasOwn(this.data, key)) return;
    delete this.data[key];
    this.flush();
  }

  private flush(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${process.pid}.tmp`;
    rmSync(temp, { force: true });
    const fd = openSync(temp, 'wx', FILE_MODE);
    try {
      writeSync(fd, `${JSON.stringify(this.data, null, '\t')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      renameSync(temp, this.path);
    } catch (err) {
      rmSync(temp, { force: true });
      throw err;
    }
  }
}

function readObject(path: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
