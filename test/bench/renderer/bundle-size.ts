/**
 * renderer_initial_js_gzip_kb: the JS the first screen loads, from the built renderer: the module
 * script of out/renderer/index.html, its modulepreloads and, transitively, every static import
 * (dynamic import() left out), each gzipped with node:zlib at level 9; the sum in kB (1,000 bytes).
 * Beside it, what the home screen really fetched before the first click (lazy chunks it asks for
 * at once or in the background included), from the scripts the first-visit runs saw requested.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from '../report';
import { round } from '../stats';

/** kB of 1,000 bytes, as Vite's build report and the issue count them. */
const gzipKb = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length / 1000;

/** Static `import ... from "./x.js"`, `import "./x.js"` and `export ... from "./x.js"` of a (minified) module. */
export function staticImports(code: string): string[] {
  const out = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1]!);
  return [...out];
}

/** The entry module and modulepreloads of index.html, as files under out/renderer. */
export function entryScripts(html: string, root: string): string[] {
  const refs = [
    ...[...html.matchAll(/<script\b[^>]*type=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link\b[^>]*rel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)].map((m) => m[1]!),
  ];
  return refs.map((r) => join(root, r));
}

/** Every JS file the first screen loads: entries plus their static imports, transitively. */
export function initialScripts(root: string): string[] {
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = entryScripts(html, root);
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(root, file)} is referenced but missing (a build in progress?)`);
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) queue.push(join(dirname(file), ...spec.split(posix.sep)));
    }
  }
  return [...seen];
}

/** `root`: the built renderer the page was served from; `loadedByHome`: script file names the home screen fetched. */
export function benchBundleSize(root: string, loadedByHome: readonly string[] = []): Figure[] {
  const files = initialScripts(root);
  const kb = round(files.reduce((sum, f) => sum + gzipKb(f), 0), 1);
  const loaded = [...new Set(loadedByHome)].map((name) => join(root, 'assets', name)).filter(existsSync);
  const loadedKb = round(loaded.reduce((sum, f) => sum + gzipKb(f), 0), 1);
  const names = files.map((f) => relative(root, f)).join(', ');
  const out: Figure[] = [{
    key: 'renderer_initial_js_gzip_kb', label: 'JS of the first screen, gzip', value: kb, unit: 'kB', target: { op: '<=', value: 150 },
    note: `${files.length} file(s) from index.html of the served build (module script, modulepreloads, static imports): ${names}; gzip level 9 each, summed, kB of 1,000 bytes.`,
  }];
  if (loaded.length) {
    out.push({
      key: 'renderer_home_js_fetched_gzip_kb', label: 'JS the home screen fetched before the first click, gzip', value: loadedKb, unit: 'kB', samples: loaded.length, kind: 'baseline',
      note: `a check of renderer_initial_js_gzip_kb: the ${loaded.length} script(s) Chromium requested while loading the home screen and idling 500 ms (last first-visit run), lazy chunks asked for at once or in the background included; gzip level 9 as above: ${loaded.map((f) => relative(root, f)).join(', ')}.`,
    });
  }
  return out;
}
