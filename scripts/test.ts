/**
 * npm test: the typecheck, the lint and the renderer's build side by side (each is mostly one core's
 * work, and the end-to-end tests need the build), then the whole vitest suite. Each step's output is
 * printed whole when it ends, so three logs do not interleave.
 */
import { spawn } from 'node:child_process';
import { rendererIsStale } from '../test/harness/renderer-build';

interface Step { name: string; command: string; args: string[] }

function run({ name, command, args }: Step): Promise<{ name: string; code: number; output: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', FORCE_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, ms: performance.now() - start }));
  });
}

const steps: Step[] = [
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  ...(rendererIsStale() ? [{ name: 'renderer build', command: 'npx', args: ['electron-vite', 'build'] }] : []),
];
const results = await Promise.all(steps.map(run));
for (const r of results) {
  process.stdout.write(`== ${r.name}: ${r.code === 0 ? 'ok' : `failed (${r.code})`} in ${(r.ms / 1000).toFixed(1)} s\n`);
  if (r.code !== 0 || r.name !== 'renderer build') process.stdout.write(r.output);
}
if (results.some((r) => r.code !== 0)) process.exit(1);

const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
vitest.on('close', (code) => process.exit(code ?? 1));
