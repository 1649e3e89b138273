/**
 * npm test: the renderer's build first when it is stale (the end-to-end tests need it), then the whole
 * vitest suite with the typecheck and the lint running beside it at a lower priority: they are pure CPU
 * and fill the moments the end-to-end tests wait on a page, where before the suite waited for them.
 * Their output is printed whole when the suite ends, so logs do not interleave; any failure fails the run.
 */
import { spawn } from 'node:child_process';
import { rendererIsStale } from '../test/harness/renderer-build';

interface Step { name: string; command: string; args: string[] }
interface Done { name: string; code: number; output: string; ms: number }

const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', FORCE_COLOR: '1' };

function run({ name, command, args }: Step): Promise<Done> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, ms: performance.now() - start }));
  });
}

const report = (r: Done, always: boolean): void => {
  process.stdout.write(`== ${r.name}: ${r.code === 0 ? 'ok' : `failed (${r.code})`} in ${(r.ms / 1000).toFixed(1)} s\n`);
  if (r.code !== 0 || always) process.stdout.write(r.output);
};

// nice(1): the end-to-end tests' pages get the CPU first; the checks take what is left.
const checks = [
  run({ name: 'typecheck', command: 'nice', args: ['-n', '10', 'npm', 'run', '--silent', 'typecheck'] }),
  run({ name: 'lint', command: 'nice', args: ['-n', '10', 'npm', 'run', '--silent', 'lint'] }),
];
if (rendererIsStale()) {
  const build = await run({ name: 'renderer build', command: 'npx', args: ['electron-vite', 'build'] });
  report(build, false);
  if (build.code !== 0) { await Promise.all(checks).then((rs) => rs.forEach((r) => report(r, true))); process.exit(1); }
}
const vitest = await new Promise<number>((resolve) => {
  spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env }).on('close', (code) => resolve(code ?? 1));
});
const results = await Promise.all(checks);
results.forEach((r) => report(r, true));
process.exit(vitest !== 0 || results.some((r) => r.code !== 0) ? 1 : 0);
