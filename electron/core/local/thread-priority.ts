import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * How much the copy's threads (the engine, its back room) yield to main's: in Electron, main's thread
 * is every window's IPC, menus and moves, and on a machine of two cores the engine's work would
 * otherwise take turns with it (main waited up to 31 ms during a 100,000-record fill).
 */
export const ENGINE_NICE = 10;

/**
 * Lowers the calling thread's priority. Linux schedules threads one by one (`setpriority` on a thread
 * id changes only that thread); elsewhere the call would reach the whole process, so nothing changes.
 */
export function yieldToMain(nice = ENGINE_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // /proc/thread-self names this thread: /proc/<pid>/task/<tid>.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0 || tid === process.pid) return false;
    // Relative to what the thread has (a process started under `nice` stays below its own).
    setPriority(tid, Math.min(19, getPriority(tid) + nice));
    return true;
  } catch {
    return false; // a sandbox without /proc, or a limit on priorities: the thread runs as it is
  }
}
