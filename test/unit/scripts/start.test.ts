import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadFailure, findElectron, missingElectronMessage, start, type StartDeps } from '../../../scripts/start';

/** A node_modules/electron as npm leaves it offline (package, no program), optionally with the program. */
function electronDir(withBinary: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'bizops-electron-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  if (withBinary) install(dir);
  return dir;
}
function install(dir: string): void {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'electron'), '');
  writeFileSync(join(dir, 'path.txt'), 'electron');
}

const OFFLINE_OUTPUT = `TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
    at async downloadArtifact (file:///x/node_modules/@electron/get/dist/index.js:154:12)`;

function deps(packageDir: string | null, download: StartDeps['download']) {
  const printed: string[] = [];
  const launched: string[][] = [];
  const d: StartDeps = { packageDir, download, launch: async (args) => { launched.push(args); return 0; }, print: (t) => printed.push(t), env: {} };
  return { d, printed, launched };
}

describe('npm start without the Electron program', () => {
  it('finds the program through the package\'s path.txt and dist/', () => {
    expect(findElectron(electronDir(true), {}).binary).toMatch(/dist\/electron$/);
    expect(findElectron(electronDir(false), {})).toMatchObject({ version: '45.4.1', binary: null });
    expect(findElectron(null, {})).toEqual({ packageDir: null, version: null, binary: null });
  });

  it('offline: tries the download once, then says so in plain words with both ways on, exit 1, no stack trace', async () => {
    let tries = 0;
    const { d, printed, launched } = deps(electronDir(false), () => { tries += 1; return { status: 1, output: OFFLINE_OUTPUT }; });
    expect(await start(['preview'], d)).toBe(1);
    expect(tries).toBe(1);
    expect(launched).toEqual([]);
    const text = printed.join('\n');
    expect(text).toContain('BizOps Desktop cannot start: the Electron 45.4.1 program is not on this computer.');
    expect(text).toContain('npx install-electron');
    expect(text).toContain('npm run app:chromium');
    expect(text).toContain('(The download failed with: TypeError: fetch failed)');
    expect(text).not.toMatch(/^\s+at /m);
  });

  it('online: the download brings the program and electron-vite starts with the arguments given', async () => {
    const dir = electronDir(false);
    const { d, launched } = deps(dir, () => { install(dir); return { status: 0, output: '' }; });
    expect(await start(['dev'], d)).toBe(0);
    expect(launched).toEqual([['dev']]);
  });

  it('the program already there: starts at once, no download', async () => {
    const { d, launched } = deps(electronDir(true), () => { throw new Error('must not download'); });
    expect(await start(['preview'], d)).toBe(0);
    expect(launched).toEqual([['preview']]);
  });

  it('no electron package at all: says to install first', async () => {
    const { d, printed } = deps(null, () => ({ status: 1, output: '' }));
    expect(await start([], d)).toBe(1);
    expect(printed.join('\n')).toContain('run npm ci first');
  });

  it('keeps only the first line of a failed download', () => {
    expect(downloadFailure(OFFLINE_OUTPUT)).toBe('TypeError: fetch failed');
    expect(downloadFailure('')).toBeNull();
    expect(missingElectronMessage({ packageDir: '/x', version: null, binary: null }, null)).toContain('the Electron program');
  });
});
