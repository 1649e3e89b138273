import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
// js-yaml ships with electron-builder, which reads this same file with it.
const yaml = require('js-yaml') as { load(text: string): unknown };
const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number> };
const hook = require(join(root, 'build/after-pack.cjs')) as {
  (context: unknown): Promise<void>;
  FUSES: Record<number, boolean>;
  executablePath(context: unknown): string;
};

type Config = Record<string, unknown> & {
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string };
  afterPack: string;
  asar: boolean;
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
    expect(config.afterPack).toBe('build/after-pack.cjs');
  });

  it('every file it names exists', () => {
    const named = [config.linux.icon, config.win.icon, config.mac.icon, config.mac.entitlements, config.mac.entitlementsInherit, config.afterPack];
    for (const file of named) expect(existsSync(join(root, file)), file).toBe(true);
    expect(statSync(join(root, config.linux.icon)).isDirectory()).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) expect(existsSync(join(root, config.linux.icon, `${size}x${size}.png`))).toBe(true);
    expect(existsSync(join(root, 'build/icon.svg'))).toBe(true);
    expect(existsSync(join(root, 'build/icon.png'))).toBe(true);
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
  it('turns RunAsNode, NODE_OPTIONS and inspect flags off; asar-only and integrity validation on', () => {
    expect(hook.FUSES[FuseV1Options.RunAsNode as number]).toBe(false);
    expect(hook.FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable as number]).toBe(false);
    expect(hook.FUSES[FuseV1Options.EnableNodeCliInspectArguments as number]).toBe(false);
    expect(hook.FUSES[FuseV1Options.OnlyLoadAppFromAsar as number]).toBe(true);
    expect(hook.FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation as number]).toBe(true);
  });

  it('finds the executable on each platform', () => {
    const ctx = (electronPlatformName: string) => ({ electronPlatformName, appOutDir: '/out', packager: { appInfo: { productFilename: 'BizOps Desktop' }, executableName: 'bizops-desktop' } });
    expect(hook.executablePath(ctx('darwin'))).toBe('/out/BizOps Desktop.app');
    expect(hook.executablePath(ctx('win32'))).toBe('/out/BizOps Desktop.exe');
    expect(hook.executablePath(ctx('linux'))).toBe('/out/bizops-desktop');
  });
});
