/**
 * A process of its own that starts an engine thread the way the app does (lowering V8's helper threads
 * cannot be undone, so the test's own process must not), then prints its threads before and after as
 * JSON: { pid, before, after, helpers }, each thread with its name and nice value.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { startEngine } from '../../../electron/core/local/engine-launch';
import { v8Helpers } from '../../../electron/core/local/thread-priority';

function threads(): { tid: number; name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid: Number(tid), name: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(), nice: Number(rest[16]) }];
    } catch {
      return [];
    }
  });
}

const before = threads();
const helpers = v8Helpers(before, process.pid);
// A thread that ends at once: the launch, not the engine's code, is what is looked at.
const worker = startEngine(process.argv[2] ?? '', { execArgv: [] });
const after = threads();
await new Promise((done) => worker.once('exit', done));
process.stdout.write(JSON.stringify({ pid: process.pid, before, after, helpers }));
