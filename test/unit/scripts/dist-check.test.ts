import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareImports, packageOf } from '../../../scripts/dist/imports';
import { packagesIn, runtimeClosure, unshippable } from '../../../scripts/dist/tree';

describe('dist:check reads what the built code loads', () => {
  it('finds static, dynamic and re-exported imports, require by any name, and require.resolve with a literal or a template start', () => {
    const code = [
      'import { BrowserWindow } from "electron";',
      'import Store from "electron-store";',
      'import { readFileSync } from "node:fs";',
      'import path from "path";',
      'import "side-effect/register";',
      'export { x } from "@scope/re-export";',
      'const lazy = () => import("./chunks/index-abc.js");',
      'const other = () => import("late-package");',
      'const require2 = __cjs_mod__.createRequire(import.meta.url);',
      'const engine = require2("libsql");',
      'const m = createRequire(import.meta.url).resolve("write-excel-file/node");',
      'const f = require$1.resolve(`@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-${subset}-${weight}-normal.woff`);',
      // A worker's source, run with eval: its requires count too.
      'const WORKER = `const { parentPort } = require(\'node:worker_threads\'); const w = require(\'worker-only\');`;',
    ].join('\n');
    expect(bareImports(code).map((i) => `${i.kind}${i.prefix ? '*' : ''} ${i.spec}`)).toEqual([
      'require* @fontsource/noto-sans-hebrew/files/noto-sans-hebrew-',
      'import @scope/re-export',
      'import electron-store',
      'import late-package',
      'require libsql',
      'import side-effect/register',
      'require worker-only',
      'require write-excel-file/node',
    ]);
    expect(packageOf('@fontsource/noto-sans-hebrew/files/x')).toBe('@fontsource/noto-sans-hebrew');
    expect(packageOf('write-excel-file/node')).toBe('write-excel-file');
  });

  it('lists packed packages and the runtime closure of what is imported, nested copies and present optional builds included', () => {
    const root = mkdtempSync(join(tmpdir(), 'dist-tree-'));
    const pkg = (dir: string, manifest: object) => {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
    };
    mkdirSync(join(root, 'out/main'), { recursive: true });
    pkg('node_modules/app-dep', { dependencies: { shared: '^2' }, optionalDependencies: { '@eng/linux': '1', '@eng/win32': '1' } });
    pkg('node_modules/app-dep/node_modules/shared', { version: '2.0.0' });
    pkg('node_modules/shared', { version: '1.0.0' });
    pkg('node_modules/@eng/linux', {});
    pkg('node_modules/stray', {});
    expect(packagesIn(root)).toEqual(['node_modules/@eng/linux', 'node_modules/app-dep', 'node_modules/app-dep/node_modules/shared', 'node_modules/shared', 'node_modules/stray']);
    const closure = runtimeClosure(root, join(root, 'out/main'), ['app-dep', 'absent']);
    expect([...closure.folders].sort()).toEqual(['node_modules/@eng/linux', 'node_modules/app-dep', 'node_modules/app-dep/node_modules/shared']);
    expect(closure.missing).toEqual(['absent']);
  });

  it('names what has no place in a shipped app', () => {
    expect(unshippable(['out/main/index.js', 'out/main/index.js.map', 'node_modules/a/spec/index.spec.js', 'node_modules/b/test/x.js', 'node_modules/c/index.d.ts', 'node_modules/d/src/a.ts', 'node_modules/e/lib/testing.js', 'node_modules/f/latest/x.js'])).toEqual([
      'out/main/index.js.map', 'node_modules/a/spec/index.spec.js', 'node_modules/b/test/x.js', 'node_modules/c/index.d.ts', 'node_modules/d/src/a.ts',
    ]);
  });
});
