import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_NICE } from '../../../electron/core/local/thread-priority';
import { localStack, type LocalStack } from './stack';

/**
 * The copy's engine thread runs at a lower priority than main's (Linux schedules threads one by one),
 * so on a machine of two cores its work waits for main's thread, every window's IPC, and not the other
 * way round. Read from the kernel's own view of this process's threads.
 */
let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

/** Each thread of this process: its name and nice value (/proc/self/task/<tid>/stat, fields after the name). */
function threads(): { tid: number; name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // After "pid (name)": state is field 3, nice field 19.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid: Number(tid), name, nice: Number(rest[16]) }];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

describe.runIf(process.platform === 'linux')('local copy: the engine yields to main', () => {
  it('the engine thread runs at a lower priority; main\'s thread and the rest of the process keep theirs', async () => {
    const before = threads();
    const mainNice = before.find((t) => t.tid === process.pid)!.nice;
    stack = await localStack();
    await stack.core.local.idle();
    const after = threads();
    // (A process already at the lowest priority has nothing to yield.)
    if (mainNice + 1 > 19) return;
    // The engine (and while it builds, its back room): threads started since, lowered. Threads of earlier
    // test files in this worker process may be there already, lowered or not: only new ones count.
    const fresh = after.filter((t) => !before.some((b) => b.tid === t.tid));
    expect(fresh.filter((t) => t.nice === Math.min(19, mainNice + ENGINE_NICE)).length).toBeGreaterThanOrEqual(1);
    expect(after.find((t) => t.tid === process.pid)!.nice).toBe(mainNice);
    // Nothing that ran before the copy was touched.
    for (const b of before) {
      const now = after.find((t) => t.tid === b.tid);
      if (now) expect(now.nice, b.name).toBe(b.nice);
    }
  }, 60_000);
});
