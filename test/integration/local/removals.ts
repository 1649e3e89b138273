import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { COPY_DIR, CopyFiles } from '../../../electron/core/local/files';

/** Files this process holds open (Linux: /proc/self/fd). */
export const openFiles = (): string[] => readdirSync('/proc/self/fd').flatMap((fd) => { try { return [readlinkSync(`/proc/self/fd/${fd}`)]; } catch { return []; } });

/** Watches CopyFiles.remove: for each call, which of the copy's files were still open at that moment (Windows cannot delete those). */
export function watchRemovals(dir: string): string[][] {
  const seen: string[][] = [];
  const real = CopyFiles.prototype.remove;
  vi.spyOn(CopyFiles.prototype, 'remove').mockImplementation(function (this: CopyFiles, profileId: string) {
    seen.push(openFiles().filter((f) => f.startsWith(join(dir, COPY_DIR))));
    return real.call(this, profileId);
  });
  return seen;
}
