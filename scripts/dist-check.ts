/**
 * npm run dist:check — the package as it would ship, checked without the Electron binary: builds, packs
 * Linux x64 with a stand-in Electron (electron-builder --dir with `electronDist` = a folder holding a file
 * named `electron`, and a no-op afterPack: the fuses hook needs a real binary and has its own unit test),
 * then checks what is in it (docs/packaging.md lists each check). Ends with one line `N passed, N failed`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import asar from '@electron/asar';
import { bareImports, packageOf, type BareImport } from './dist/imports';
import { packagesIn, runtimeClosure, unshippable } from './dist/tree';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1_000_000;
/** What the Linux x64 package may weigh; docs/packaging.md gives today's figures. */
export const BUDGETS = { asarBytes: 20 * MB, unpackedBytes: 12 * MB, asarFiles: 2_500 };
/** A sandboxed preload's require() knows only these (Electron's sandboxed renderer). */
const SANDBOX_PRELOAD_MODULES = new Set(['electron', 'events', 'timers', 'url']);

const results: { name: string; ok: boolean; detail: string }[] = [];
function check(name: string, ok: boolean, detail = ''): void {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
}

/** Runs an npx command; returns what it printed (both streams). */
function npx(args: string[]): string {
  const r = spawnSync('npx', args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}
const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const rel = (root: string, p: string) => relative(root, p).split(sep).join('/');
const size = (files: string[]) => files.reduce((n, f) => n + statSync(f).size, 0);
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** Packs with the stand-in; returns the app's resources folder, or null with the log printed. */
function pack(work: string, platform: '--linux' | '--win' | '--mac'): { resources: string | null; log: string } {
  const standIn = join(work, 'electron-dist');
  mkdirSync(standIn, { recursive: true });
  writeFileSync(join(standIn, 'electron'), '#!/bin/sh\necho "a stand-in for the Electron binary"\n');
  chmodSync(join(standIn, 'electron'), 0o755);
  writeFileSync(join(work, 'no-op.cjs'), 'module.exports = async () => {};\n');
  const out = join(work, `release${platform}`);
  const log = npx(['electron-builder', platform, '--x64', '--dir', `-c.electronDist=${standIn}`, `-c.afterPack=${join(work, 'no-op.cjs')}`, `-c.directories.output=${out}`]);
  const resources = join(out, 'linux-unpacked', 'resources');
  try {
    statSync(join(resources, 'app.asar'));
    return { resources, log };
  } catch {
    return { resources: null, log };
  }
}

/** Where each bare import of the packed code lands when resolved in the packed tree under Node 24. */
function resolveInTree(node24: string, packed: string, from: string, wanted: BareImport[]): { spec: string; kind: string; found?: string; error?: string }[] {
  const probe = join(packed, from, '.dist-check-probe.mjs');
  copyFileSync(join(ROOT, 'scripts/dist/resolve-probe.mjs'), probe);
  try {
    return JSON.parse(execFileSync(node24, [probe, JSON.stringify(wanted)], { cwd: tmpdir(), encoding: 'utf8' })) as ReturnType<typeof resolveInTree>;
  } finally {
    rmSync(probe);
  }
}

function node24Binary(): string {
  const bin = execFileSync('bash', [join(ROOT, 'scripts/node24.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  return join(bin, 'node');
}

function main(): number {
  const work = mkdtempSync(join(tmpdir(), 'bizops-dist-check-'));
  console.log('== build (electron-vite)');
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, encoding: 'utf8' });
  check('electron-vite builds main, preload and renderer', build.status === 0, build.status === 0 ? '' : `${build.stdout}${build.stderr}`.slice(-3000));
  if (build.status !== 0) return summary(work);
  console.log('== pack Linux x64 with a stand-in Electron');
  const linux = pack(work, '--linux');
  check('electron-builder packs Linux x64 with the stand-in', linux.resources !== null, linux.resources ? '' : linux.log.slice(-2000));
  if (!linux.resources) return summary(work);
  const asarFile = join(linux.resources, 'app.asar');
  const unpackedDir = join(linux.resources, 'app.asar.unpacked');
  const packed = join(work, 'packed');
  asar.extractAll(asarFile, packed);
  const inAsar = asar.listPackage(asarFile, { isPack: false }).map((p) => p.replace(/^[\\/]/, '').split(sep).join('/'));
  const header = asar.getRawHeader(asarFile).header as { files: Record<string, unknown> };
  const asarFiles = walk(packed).map((f) => rel(packed, f));
  const unpackedFiles = walk(unpackedDir).map((f) => rel(unpackedDir, f));

  // What is in the asar.
  for (const entry of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'package.json']) check(`the asar holds ${entry}`, inAsar.includes(entry));
  const topLevel = Object.keys(header.files).sort();
  check('the asar holds only out/, node_modules/ and package.json at its top', topLevel.every((n) => ['out', 'node_modules', 'package.json'].includes(n)), topLevel.join(', '));
  const bad = unshippable(asarFiles);
  check('no source maps, tests or TypeScript in the asar', bad.length === 0, bad.slice(0, 10).join(', '));

  // What main, preload and their workers load: every .js under out/main and out/preload (entries, chunks, workers).
  const code = (dir: string) => asarFiles.filter((f) => f.startsWith(`${dir}/`) && /\.[cm]?js$/.test(f));
  const importsOf = (files: string[]) => files.flatMap((f) => bareImports(readFileSync(join(packed, f), 'utf8')));
  const mainImports = importsOf(code('out/main'));
  const preloadImports = importsOf(code('out/preload'));
  const preloadRequires = [...readFileSync(join(packed, 'out/preload/index.cjs'), 'utf8').matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
  check('the sandboxed preload requires nothing but electron and what a sandbox offers', preloadImports.length === 0 && preloadRequires.every((m) => SANDBOX_PRELOAD_MODULES.has(m)), [...new Set(preloadRequires)].join(', '));
  const direct = [...new Set(mainImports.map((i) => packageOf(i.spec)))].sort();
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const declared = Object.keys(pkg.dependencies).sort();
  check('package.json dependencies are exactly what main and its workers import', JSON.stringify(direct) === JSON.stringify(declared), `imported ${direct.join(', ')}; declared ${declared.join(', ')}`);

  const node24 = node24Binary();
  const exact = mainImports.filter((i) => !i.prefix);
  const resolved = resolveInTree(node24, packed, 'out/main', exact);
  const unresolved = resolved.filter((r) => !r.found || !r.found.startsWith(`${packed}${sep}`));
  check(`every bare import of the packed main and workers resolves inside the packed tree (${exact.length}, Node 24)`, unresolved.length === 0, unresolved.map((r) => `${r.kind} ${r.spec}: ${r.error ?? r.found}`).join('; '));
  for (const p of mainImports.filter((i) => i.prefix)) {
    const folder = join(packed, 'node_modules', dirname(p.spec));
    const base = p.spec.slice(p.spec.lastIndexOf('/') + 1);
    let matches: string[] = [];
    try { matches = readdirSync(folder).filter((f) => f.startsWith(base)); } catch { /* folder missing */ }
    const sample = matches[0] ? resolveInTree(node24, packed, 'out/main', [{ spec: `${dirname(p.spec)}/${matches[0]}`, kind: 'require', prefix: false }])[0] : undefined;
    check(`files named by ${p.spec}… are packed and resolve`, matches.length > 0 && !!sample?.found?.startsWith(packed), `${matches.length} files`);
  }

  const closure = runtimeClosure(packed, join(packed, 'out/main'), direct);
  const present = packagesIn(packed);
  const extra = present.filter((p) => !closure.folders.has(p));
  check('the asar holds only those packages and their own dependencies', extra.length === 0 && closure.missing.length === 0, [extra.length ? `not needed: ${extra.join(', ')}` : '', closure.missing.length ? `missing: ${closure.missing.join(', ')}` : ''].filter(Boolean).join('; '));

  // The local copy's engine: only the target's, unpacked, and it works under Node 24.
  const { libsqlPackages } = createRequire(import.meta.url)(join(ROOT, 'build/before-pack.cjs')) as { libsqlPackages(p: string, a: string): string[] };
  const engines = [...new Set(unpackedFiles.filter((f) => f.startsWith('node_modules/@libsql/')).map((f) => f.split('/').slice(1, 3).join('/')))].sort();
  check('app.asar.unpacked holds only the target\'s libsql engine (no musl build)', JSON.stringify(engines) === JSON.stringify(libsqlPackages('linux', 'x64')), engines.join(', '));
  check('app.asar.unpacked holds libsql and its engine only', unpackedFiles.every((f) => f.startsWith('node_modules/libsql/') || f.startsWith('node_modules/@libsql/')));
  const probeDir = mkdtempSync(join(work, 'libsql-'));
  const libsql = JSON.parse(execFileSync(node24, [join(ROOT, 'scripts/dist/libsql-probe.cjs'), packed, probeDir], { encoding: 'utf8' })) as { node: string; readBack: boolean; plainHeader: boolean; withoutKey: string };
  check(`the packed libsql loads under Node ${libsql.node} and opens an encrypted copy`, libsql.readBack && !libsql.plainHeader && libsql.withoutKey.startsWith('refused'), `read back ${libsql.readBack}, plain header ${libsql.plainHeader}, without the key ${libsql.withoutKey}`);

  // A platform whose engine is not installed here stops in plain words, and nothing is packed.
  for (const [flag, name] of [['--win', 'Windows'], ['--mac', 'macOS']] as const) {
    const other = pack(work, flag);
    const dirs = readdirSync(work).filter((d) => d === `release${flag}`).flatMap((d) => readdirSync(join(work, d)));
    check(`packing for ${name} here stops with a plain message`, other.log.includes(`Cannot package for ${name} x64: @libsql/`) && dirs.length === 0, other.log.includes('Cannot package') ? '' : other.log.slice(-1500));
  }

  // Sizes, held to their budgets.
  const asarBytes = statSync(asarFile).size;
  const unpackedBytes = size(walk(unpackedDir));
  console.log(`\nsizes: app.asar ${mb(asarBytes)} (${asarFiles.length} files, ${present.length} packages); app.asar.unpacked ${mb(unpackedBytes)} (${unpackedFiles.length} files)`);
  check(`app.asar <= ${mb(BUDGETS.asarBytes)}`, asarBytes <= BUDGETS.asarBytes, mb(asarBytes));
  check(`app.asar holds <= ${BUDGETS.asarFiles} files`, asarFiles.length <= BUDGETS.asarFiles, String(asarFiles.length));
  check(`app.asar.unpacked <= ${mb(BUDGETS.unpackedBytes)}`, unpackedBytes <= BUDGETS.unpackedBytes, mb(unpackedBytes));
  console.log(JSON.stringify({ asar_bytes: asarBytes, asar_files: asarFiles.length, asar_packages: present.length, unpacked_bytes: unpackedBytes, unpacked_files: unpackedFiles.length }));
  return summary(work);
}

function summary(work: string): number {
  rmSync(work, { recursive: true, force: true });
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = main();
