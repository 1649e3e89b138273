import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
// js-yaml ships with electron-builder, which reads this same file with it.
const yaml = require('js-yaml') as { load(text: string): unknown };
const fuses = (await import('@electron/fuses')) as unknown as { FuseV1Options: Record<string, number | string>; FuseVersion: { V1: string } };
const hook = require(join(root, 'build/after-pack.cjs')) as {
  (context: unknown): Promise<void>;
  FUSES: Record<string, boolean>;
  fuseConfig(f: typeof fuses): Record<string, unknown>;
  executablePath(context: unknown): string;
};
const beforePack = require(join(root, 'build/before-pack.cjs')) as {
  (context: unknown): Promise<void>;
  libsqlPackages(platform: string, arch: string): string[] | null;
  missingEngine(platform: string, arch: string, projectDir: string): string | null;
};
// The glob matcher electron-builder applies to `files` (its own copy, with its options).
const { Minimatch } = createRequire(require.resolve('app-builder-lib'))('minimatch') as { Minimatch: new (p: string, o: object) => { match(path: string): boolean } };
/** Every fuse the installed @electron/fuses knows (a numeric enum: names map to wire positions). */
const FUSE_NAMES = Object.keys(fuses.FuseV1Options).filter((k) => typeof fuses.FuseV1Options[k] === 'number');

type Config = Record<string, unknown> & {
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
  afterPack: string;
  beforePack: string;
  asar: boolean;
  asarUnpack?: string[];
  files: string[];
};
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Config;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };

describe('electron-builder configuration', () => {
  it('targets AppImage and deb, nsis, and a hardened dmg', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.asar).toBe(true);
    // The local copy's native engine is loaded from a real file, outside the asar.
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/libsql/**', '**/node_modules/@libsql/**']));
    expect(config.afterPack).toBe('build/after-pack.cjs');
    expect(config.beforePack).toBe('build/before-pack.cjs');
  });

  it('packs, of the libsql engines npm installs for a system, only the target\'s (no musl build in a glibc package)', () => {
    const libsql = JSON.parse(readFileSync(join(root, 'node_modules/libsql/package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };
    const engines = Object.keys(libsql.optionalDependencies);
    const packed = (arch: string, name: string) => {
      const file = `node_modules/${name}/index.node`;
      const excludes = config.files.filter((p) => p.startsWith('!')).map((p) => new Minimatch(p.slice(1).replaceAll('${arch}', arch), { dot: true }));
      return !excludes.some((m) => m.match(file));
    };
    for (const [platform, arch] of [['linux', 'x64'], ['linux', 'arm64'], ['darwin', 'x64'], ['darwin', 'arm64'], ['win32', 'x64']] as const) {
      const wanted = beforePack.libsqlPackages(platform, arch)!;
      expect(wanted.length, `${platform} ${arch}`).toBe(1);
      for (const name of wanted) expect(engines, name).toContain(name);
      // What npm installs on that system: the engines of its OS and CPU (os and cpu in their package.json).
      const installable = engines.filter((n) => n.startsWith(`@libsql/${platform}-${arch}`));
      expect(installable.filter((n) => packed(arch, n)), `${platform} ${arch}`).toEqual(wanted);
    }
    expect(packed('x64', '@libsql/linux-x64-musl')).toBe(false);
    expect(packed('x64', 'libsql')).toBe(true);
  });

  it('stops a build for a system whose engine is not installed here, in plain words, before packing anything', async () => {
    const project = mkdtempSync(join(tmpdir(), 'bizops-pack-'));
    mkdirSync(join(project, 'node_modules/@libsql/linux-x64-gnu'), { recursive: true });
    writeFileSync(join(project, 'node_modules/@libsql/linux-x64-gnu/package.json'), '{}');
    const context = (electronPlatformName: string, arch: number) => ({ electronPlatformName, arch, packager: { info: { projectDir: project } } });
    await expect(beforePack(context('linux', 1))).resolves.toBeUndefined();
    const win = beforePack.missingEngine('win32', 'x64', project);
    expect(win).toContain('Cannot package for Windows x64: @libsql/win32-x64-msvc');
    expect(win).toContain('build this installer on that system');
    expect(beforePack.missingEngine('darwin', 'universal', project)).toContain('@libsql/darwin-x64 and @libsql/darwin-arm64');
    expect(beforePack.missingEngine('win32', 'arm64', project)).toMatch(/has no build for Windows arm64/);
    // Arch 1 is x64 in electron-builder's numbering; the error carries the message and nothing else (no stack).
    const failure = await beforePack(context('win32', 1)).then(() => null, (e: unknown) => e as Error);
    expect(failure?.message).toBe(win);
    expect(failure?.stack).toBe(win);
  });

  it('every file it names exists', () => {
    const named = [config.linux.icon, config.win.icon, config.mac.icon, config.mac.entitlements, config.mac.entitlementsInherit, config.afterPack];
    for (const file of named) expect(existsSync(join(root, file)), file).toBe(true);
    expect(statSync(join(root, config.linux.icon)).isDirectory()).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) expect(existsSync(join(root, config.linux.icon, `${size}x${size}.png`))).toBe(true);
    expect(existsSync(join(root, 'build/icon.svg'))).toBe(true);
    expect(existsSync(join(root, 'build/icon.png'))).toBe(true);
  });

  it('builds the demo sandbox and the local copy\'s engine as their own entries next to main, which starts each', async () => {
    const { DEMO_CHILD_ENTRY } = await import('../../../electron/sandbox/demo-protocol');
    const { BACK_ROOM_FILE, ENGINE_FILE } = await import('../../../electron/core/local/engine-launch');
    const viteConfig = (await import('../../../electron.vite.config')).default as { main: { build: { rollupOptions: { input: Record<string, string> } } } };
    // Rollup names each entry's output after its key: demo-sandbox -> out/main/demo-sandbox.js, engine -> out/main/engine.js.
    expect(`demo-sandbox.js`).toBe(DEMO_CHILD_ENTRY);
    expect(`engine.js`).toBe(ENGINE_FILE);
    // The engine's back room (it builds a large area's indexes on the file) starts beside the engine, by name.
    expect('engine-back-room').toBe(BACK_ROOM_FILE);
    expect(viteConfig.main.build.rollupOptions.input).toEqual({
      index: join(root, 'electron/main/index.ts'),
      'demo-sandbox': join(root, 'electron/sandbox/demo-child-entry.ts'),
      engine: join(root, 'electron/core/local/engine-worker.ts'),
      [BACK_ROOM_FILE]: join(root, 'electron/core/local/back-room-worker.ts'),
    });
    const main = readFileSync(join(root, 'electron/main/index.ts'), 'utf8');
    expect(main).toMatch(/new UtilityDemoHost\(join\(here, DEMO_CHILD_ENTRY\)/);
    expect(main).toMatch(/startEngine\(join\(here, ENGINE_FILE\)\)/);
  });

  it('bundles the preload whole: a sandboxed preload can require electron and nothing from node_modules', async () => {
    const viteConfig = (await import('../../../electron.vite.config')).default as { preload: { build: { externalizeDeps?: unknown } }; main: { build: { externalizeDeps?: unknown } } };
    expect(viteConfig.preload.build.externalizeDeps).toBe(false);
    // main keeps electron-vite's default: package.json dependencies stay external and ship in node_modules.
    expect(viteConfig.main.build.externalizeDeps ?? true).toBe(true);
  });

  it('packages the built app, whose entry is package.json main', () => {
    expect(config.files).toContain('out/**/*');
    expect(pkg.main).toBe('out/main/index.js');
    expect(pkg.scripts.dist).toContain('electron-builder');
    expect(pkg.scripts.icons).toBe('tsx scripts/icons.ts');
  });

  it('icons are real images of the right kind', () => {
    const png = readFileSync(join(root, 'build/icon.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(readFileSync(join(root, 'build/icon.icns')).subarray(0, 4).toString('latin1')).toBe('icns');
    expect(readFileSync(join(root, 'build/icon.ico')).readUInt16LE(2)).toBe(1);
  });

  it('the entitlements allow the JIT but not unsigned memory or library validation bypass', () => {
    const plist = readFileSync(join(root, config.mac.entitlements), 'utf8');
    expect(plist).toContain('com.apple.security.cs.allow-jit');
    expect(plist).not.toContain('allow-unsigned-executable-memory');
    expect(plist).not.toContain('disable-library-validation');
  });
});

describe('fuses (afterPack hook)', () => {
  it('sets every fuse, each to the value this app ships with', () => {
    expect(FUSE_NAMES.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(hook.FUSES).sort()).toEqual([...FUSE_NAMES].sort());
    expect(hook.FUSES).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      LoadBrowserProcessSpecificV8Snapshot: false,
      GrantFileProtocolExtraPrivileges: false,
      WasmTrapHandlers: true,
    });
  });

  it('hands @electron/fuses a strict config by wire position, so an unknown new fuse fails the build', () => {
    const config = hook.fuseConfig(fuses);
    expect(config.version).toBe(fuses.FuseVersion.V1);
    expect(config.strictlyRequireAllFuses).toBe(true);
    for (const name of FUSE_NAMES) expect(config[String(fuses.FuseV1Options[name])], name).toBe(hook.FUSES[name]);
    expect(config[String(fuses.FuseV1Options.GrantFileProtocolExtraPrivileges)]).toBe(false);
    expect(() => hook.fuseConfig({ ...fuses, FuseV1Options: { RunAsNode: 0 } })).toThrow(/knows no fuse named EnableCookieEncryption/);
  });

  it('flips the fuse wire of an Electron binary to exactly those values, and refuses a wire with a fuse it has not decided', async () => {
    // The marker Electron puts before its fuse wire (@electron/fuses' SENTINEL; Electron's fuses.json5).
    const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
    // A stand-in executable: some bytes, then the sentinel, wire version 1, its length and one byte per fuse
    // as Electron ships them ('1' on, '0' off), as @electron/fuses finds them in a real binary.
    const shipped = { RunAsNode: true, EnableCookieEncryption: false, EnableNodeOptionsEnvironmentVariable: true, EnableNodeCliInspectArguments: true, EnableEmbeddedAsarIntegrityValidation: false, OnlyLoadAppFromAsar: false, LoadBrowserProcessSpecificV8Snapshot: false, GrantFileProtocolExtraPrivileges: true, WasmTrapHandlers: true } as Record<string, boolean>;
    const wire = (names: string[]) => Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(SENTINEL), Buffer.from([1, names.length]), Buffer.from(names.map((n) => (shipped[n] ?? true ? 0x31 : 0x30))), Buffer.alloc(64, 7)]);
    const byPosition = [...FUSE_NAMES].sort((a, b) => Number(fuses.FuseV1Options[a]) - Number(fuses.FuseV1Options[b]));
    const dir = mkdtempSync(join(tmpdir(), 'bizops-fuses-'));
    const ctx = { electronPlatformName: 'linux', appOutDir: dir, packager: { appInfo: { productFilename: 'BizOps Desktop' }, executableName: 'bizops-desktop' } };
    writeFileSync(join(dir, 'bizops-desktop'), wire(byPosition));
    await hook(ctx);
    const read = (await import('@electron/fuses')) as unknown as { getCurrentFuseWire(path: string): Promise<Record<string, number>> };
    const now = await read.getCurrentFuseWire(join(dir, 'bizops-desktop'));
    for (const name of byPosition) expect(now[String(fuses.FuseV1Options[name])] === 0x31, name).toBe(hook.FUSES[name]);
    // A newer Electron with a tenth fuse nobody has decided on: the build fails instead of shipping it as it comes.
    writeFileSync(join(dir, 'bizops-desktop'), wire([...byPosition, 'SomeFutureFuse']));
    await expect(hook(ctx)).rejects.toThrow(/strictlyRequireAllFuses/);
  });

  it('finds the executable on each platform', () => {
    const ctx = (electronPlatformName: string) => ({ electronPlatformName, appOutDir: '/out', packager: { appInfo: { productFilename: 'BizOps Desktop' }, executableName: 'bizops-desktop' } });
    expect(hook.executablePath(ctx('darwin'))).toBe('/out/BizOps Desktop.app');
    expect(hook.executablePath(ctx('win32'))).toBe('/out/BizOps Desktop.exe');
    expect(hook.executablePath(ctx('linux'))).toBe('/out/bizops-desktop');
  });
});
