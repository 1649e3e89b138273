/**
 * npm start / npm run dev: checks that the Electron program is there before electron-vite runs it.
 * Where it is missing (an offline install: npm installs Electron's package, not the program), it
 * tries the download once and, if that fails, says so in plain words with the ways on, instead of
 * a bare stack trace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ElectronInstall {
  /** node_modules/electron, or null when the package itself is not installed. */
  packageDir: string | null;
  version: string | null;
  /** The program, when it is there. */
  binary: string | null;
}

/** Where Electron's package is and whether its program was downloaded (the package's own path.txt and dist/). */
export function findElectron(packageDir: string | null, env: NodeJS.ProcessEnv = process.env): ElectronInstall {
  if (!packageDir || !existsSync(join(packageDir, 'package.json'))) return { packageDir: null, version: null, binary: null };
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return { packageDir, version, binary: null };
  const rel = readFileSync(pathFile, 'utf8').trim();
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH ? join(env.ELECTRON_OVERRIDE_DIST_PATH, rel) : join(packageDir, 'dist', rel);
  return { packageDir, version, binary: existsSync(binary) ? binary : null };
}

/** The message for a machine without the Electron program: what happened and the ways on. */
export function missingElectronMessage(install: ElectronInstall, reason: string | null): string {
  const what = install.version ? `Electron ${install.version}` : 'Electron';
  return [
    '',
    `BizOps Desktop cannot start: the ${what} program is not on this computer.`,
    install.packageDir
      ? 'npm installed Electron\'s package but not the program itself, which is downloaded separately, and that download did not work here.'
      : 'Electron\'s package is not installed (run npm ci first).',
    ...(reason ? [`(The download failed with: ${reason})`] : []),
    '',
    'Ways on:',
    '  1. When this computer is online, download the program once, then start again:',
    '       npx install-electron',
    '       npm start',
    '  2. Without Electron, run the same app in Chromium, with demo data:',
    '       npm run app:chromium',
    '',
  ].join('\n');
}

/** The first line of what a failed download printed, without its stack trace. */
export function downloadFailure(output: string): string | null {
  const line = output.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('at ') && !/^Downloading/i.test(l));
  return line ? line.slice(0, 200) : null;
}

export interface StartDeps {
  packageDir: string | null;
  /** Tries the download (Electron's own install script); returns its exit status and output. */
  download: (packageDir: string) => { status: number | null; output: string };
  /** Runs electron-vite with these arguments; resolves with its exit code. */
  launch: (args: string[]) => Promise<number>;
  print: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

/** The start: the program there, or downloaded now, then electron-vite; else the plain message and exit code 1. */
export async function start(args: string[], d: StartDeps): Promise<number> {
  let install = findElectron(d.packageDir, d.env);
  if (install.packageDir && !install.binary) {
    d.print(`Electron ${install.version ?? ''} is not downloaded yet; trying once now (about 100 MB)…`);
    const r = d.download(install.packageDir);
    install = findElectron(d.packageDir, d.env);
    if (!install.binary) {
      d.print(missingElectronMessage(install, r.status === 0 ? null : downloadFailure(r.output)));
      return 1;
    }
  }
  if (!install.binary) {
    d.print(missingElectronMessage(install, null));
    return 1;
  }
  return d.launch(args);
}

function electronPackageDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await start(process.argv.slice(2), {
    packageDir: electronPackageDir(),
    download: (dir) => {
      const r = spawnSync(process.execPath, [join(dir, 'install.js')], { encoding: 'utf8', timeout: 10 * 60_000 });
      return { status: r.status, output: `${r.stderr ?? ''}\n${r.stdout ?? ''}` };
    },
    launch: (args) => new Promise((resolve) => {
      const bin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
      const child = spawn(bin, args.length ? args : ['preview'], { stdio: 'inherit', cwd: root, shell: process.platform === 'win32' });
      for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
      child.on('close', (c) => resolve(c ?? 1));
    }),
    print: (text) => process.stderr.write(`${text}\n`),
  });
  process.exit(code);
}
