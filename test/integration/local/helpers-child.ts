/**
 * A process of its own that starts an engine thread the way the app does (lowering V8's helper threads
 * cannot be undone, so the test's own process must not), then prints its threads before and after as
 * JSON: { pid, before, after, helpers }, each thread with its name and nice value.
 */
import { startEngine } from '../../../electron/core/local/engine-launch';
import { v8Helpers } from '../../../electron/core/local/thread-priority';
import { threads } from './proc-threads';

const before = threads();
const helpers = v8Helpers(before, process.pid);
// A thread that ends at once: the launch, not the engine's code, is what is looked at.
const worker = startEngine(process.argv[2] ?? '', { execArgv: [] });
const after = threads();
await new Promise((done) => worker.once('exit', done));
process.stdout.write(JSON.stringify({ pid: process.pid, before, after, helpers }));
