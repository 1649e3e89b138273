import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_NICE, processBelowMain, v8Helpers } from '../../../electron/core/local/thread-priority';
import { UtilityDemoHost } from '../../../electron/main/demo-host';
import { inProcessFork } from '../../unit/main/fake-utility';
import { threads } from './proc-threads';
import { localStack, type LocalStack } from './stack';

/**
 * The copy's engine thread runs at a lower priority than main's (Linux schedules threads one by one),
 * so on a machine of two cores its work waits for main's thread, every window's IPC, and not the other
 * way round. Read from the kernel's own view of this process's threads.
 */
let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

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

describe('local copy: V8\'s helper threads, told apart from the rest of a process', () => {
  const named = (names: string[]) => names.map((name, i) => ({ tid: 100 + i, name }));

  it('Electron\'s main process (Node 22 and later inside): the threads Node names V8Worker, and only those', () => {
    const threads = named(['electron', 'Chrome_IOThread', 'ThreadPoolForeg', 'V8Worker', 'V8Worker', 'V8Worker', 'DelayedTaskSche', 'libuv-worker', 'WorkerThread']);
    expect(v8Helpers(threads, 100)).toEqual([103, 104, 105]);
  });

  it('Node 20, which names no thread: every thread but main\'s', () => {
    expect(v8Helpers(named(['node', 'node', 'node', 'node']), 100)).toEqual([101, 102, 103]);
  });

  it('a runtime that names its threads otherwise: none, rather than a guess', () => {
    expect(v8Helpers(named(['electron', 'Chrome_IOThread', 'ThreadPoolForeg']), 100)).toEqual([]);
    // Main's thread missing from the list (it cannot be told apart): none either.
    expect(v8Helpers(named(['node', 'node']), 99)).toEqual([]);
  });
});

describe.runIf(process.platform === 'linux')('local copy: the app\'s engine start puts V8\'s helpers below main', () => {
  it('in a process of its own: the helpers at the engine\'s priority, main\'s thread and the others as they were', async () => {
    const empty = join(tmpdir(), `bizops-empty-engine-${process.pid}.mjs`);
    writeFileSync(empty, '');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(__dirname, 'helpers-child.ts'), empty], { cwd: join(__dirname, '../../..') });
    type Thread = { tid: number; name: string; nice: number };
    rmSync(empty, { force: true });
    const { pid, before, after, helpers } = JSON.parse(stdout) as { pid: number; before: Thread[]; after: Thread[]; helpers: number[] };
    const mainNice = before.find((t) => t.tid === pid)!.nice;
    if (mainNice + 1 > 19) return; // a process already at the lowest priority has nothing to yield
    // Node starts at least one helper for V8 on any machine.
    expect(helpers.length).toBeGreaterThanOrEqual(1);
    for (const b of before) {
      const now = after.find((t) => t.tid === b.tid);
      if (!now) continue;
      expect(now.nice, `${b.tid} ${b.name}`).toBe(helpers.includes(b.tid) ? Math.min(19, mainNice + ENGINE_NICE) : b.nice);
    }
    expect(helpers).not.toContain(pid);
    expect(after.find((t) => t.tid === pid)!.nice).toBe(mainNice);
  }, 60_000);
});

/**
 * A process of its own that stands for the demo sandbox's: it prints "ready" once running, and on a line
 * "go" starts a thread (a worker) and prints "started" once that thread runs.
 */
const CHILD = `
const { Worker } = require('node:worker_threads');
process.stdout.write('ready\\n');
process.stdin.on('data', () => {
  const w = new Worker('setInterval(() => {}, 1000)', { eval: true });
  w.once('online', () => process.stdout.write('started\\n'));
});
setInterval(() => {}, 1000);
`;

async function childProcess(): Promise<{ child: ChildProcess; line(): Promise<string | undefined> }> {
  const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const line = async () => (await lines.next()).value as string | undefined;
  expect(await line()).toBe('ready');
  return { child, line };
}

describe.runIf(process.platform === 'linux')('the demo sandbox\'s process below main', () => {
  const children: ChildProcess[] = [];
  afterEach(() => { for (const c of children.splice(0)) c.kill(); });
  const mainNice = () => threads().find((t) => t.tid === process.pid)!.nice;

  it('every thread of the process at the engine\'s priority, a thread it starts afterwards too; this process\'s as they were', async () => {
    const { child, line } = await childProcess();
    children.push(child);
    const target = Math.min(19, mainNice() + ENGINE_NICE);
    if (mainNice() + 1 > 19) return; // a process already at the lowest priority has nothing to yield
    const mine = threads();
    const before = threads(child.pid!);
    expect(before.some((t) => t.nice < target)).toBe(true);
    expect(processBelowMain(child.pid!)).toBe(before.filter((t) => t.nice < target).length);
    const after = threads(child.pid!);
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const t of after) expect(t.nice, `${t.tid} ${t.name}`).toBe(Math.max(target, before.find((b) => b.tid === t.tid)?.nice ?? target));
    child.stdin!.write('go\n');
    expect(await line()).toBe('started');
    const later = threads(child.pid!).filter((t) => !after.some((a) => a.tid === t.tid));
    expect(later.length).toBeGreaterThanOrEqual(1);
    for (const t of later) expect(t.nice, `${t.tid} ${t.name}`).toBe(target);
    for (const t of mine) expect(threads().find((n) => n.tid === t.tid)?.nice ?? t.nice, `${t.tid} ${t.name}`).toBe(t.nice);
    // Nothing to lower again; this process itself, or no process, never.
    expect(processBelowMain(child.pid!)).toBe(0);
    expect(processBelowMain(process.pid)).toBe(0);
    expect(processBelowMain(0)).toBe(0);
    expect(processBelowMain(2 ** 22 + 1)).toBe(0);
  }, 60_000);

  it('the app\'s demo host lowers its child once the sandbox is ready', async () => {
    const { child } = await childProcess();
    children.push(child);
    if (mainNice() + 1 > 19) return;
    const target = Math.min(19, mainNice() + ENGINE_NICE);
    const utility = inProcessFork();
    const dir = mkdtempSync(join(tmpdir(), 'bizops-demo-priority-'));
    const demo = new UtilityDemoHost(join(dir, 'demo-sandbox.js'), join(dir, 'demo-data.json'), (...a) => Object.assign(utility.fork(...a), { pid: child.pid }));
    try {
      expect(threads(child.pid!).some((t) => t.nice < target)).toBe(true);
      await demo.start();
      for (const t of threads(child.pid!)) expect(t.nice, `${t.tid} ${t.name}`).toBe(target);
    } finally {
      await demo.stop();
      await utility.closeAll();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
