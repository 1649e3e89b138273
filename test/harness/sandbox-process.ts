import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { processBelowMain } from '../../electron/core/local/thread-priority';
import type { RunningSandbox, SandboxOptions } from '../../electron/sandbox';
import { ROOT } from './renderer-build';

/** The options the sandbox's command line takes, as its flags. */
export function sandboxArgs(o: SandboxOptions): string[] {
  const scale = Object.entries(o.scale ?? {}).filter(([, n]) => n !== undefined).map(([area, n]) => `${area}=${n}`);
  return [
    '--host', o.host ?? '127.0.0.1', '--port', String(o.port ?? 0),
    ...(o.seed !== undefined ? ['--seed', String(o.seed)] : []),
    ...(o.rateLimit !== undefined ? ['--rate-limit', String(o.rateLimit)] : []),
    ...(o.latencyMs !== undefined ? ['--latency-ms', String(o.latencyMs)] : []),
    ...(o.faultRate !== undefined ? ['--fault-rate', String(o.faultRate)] : []),
    ...(o.customers !== undefined ? ['--customers', String(o.customers)] : []),
    ...(scale.length ? ['--scale', scale.join(',')] : []),
  ];
}

/**
 * The sandbox in a process of its own, as the app runs its demo sandbox (a utility process) and as a
 * real API is elsewhere: its work does not wait in line with main's on one thread (the local copy's
 * bench). Only what the command line can set; no reset or network change while running. `belowMain`
 * lowers its threads once it is ready, as the app's demo host does (the benches, which stand for the app;
 * the tests keep it at their own priority, so that a busy machine does not slow their answers further).
 */
export async function startSandboxProcess(o: SandboxOptions = {}, how: { belowMain?: boolean } = {}): Promise<RunningSandbox> {
  const unsupported = (['onFault', 'dataFile', 'clock', 'random', 'demoData', 'renderPdf', 'perLaunchKeys'] as const).filter((k) => o[k] !== undefined);
  if (unsupported.length) throw new Error(`a sandbox process cannot take ${unsupported.join(', ')}`);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'electron/sandbox/cli.ts'), ...sandboxArgs(o)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (b: Buffer) => { buf += b.toString(); const i = buf.indexOf('\n'); if (i >= 0) resolve(buf.slice(0, i)); });
    child.on('exit', (code) => reject(new Error(`the sandbox process exited (${code}) before it was ready`)));
  });
  const ready = JSON.parse(line) as { base_url: string; keys: RunningSandbox['keys'] };
  if (how.belowMain && child.pid !== undefined) processBelowMain(child.pid);
  const fixed = (what: string) => () => { throw new Error(`a sandbox process cannot ${what} while it runs`); };
  return {
    baseUrl: ready.base_url,
    keys: ready.keys,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
    reset: async () => fixed('reset')(),
    setNetwork: fixed('change its network'),
    setPermissions: fixed('change a key\'s permissions'),
  };
}
