import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Every package folder in a tree's node_modules (nested ones too), relative to the root, with `/`. */
export function packagesIn(root: string): string[] {
  const out: string[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const e of readdirSync(modules, { withFileTypes: true })) {
      if (!e.isDirectory() || e.name.startsWith('.')) continue;
      const dirs = e.name.startsWith('@') ? readdirSync(join(modules, e.name), { withFileTypes: true }).filter((s) => s.isDirectory()).map((s) => join(modules, e.name, s.name)) : [join(modules, e.name)];
      for (const dir of dirs) {
        if (existsSync(join(dir, 'package.json'))) out.push(relative(root, dir).split(sep).join('/'));
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(join(root, 'node_modules'));
  return out.sort();
}

/** The folder Node would load package `name` from, looking up from `fromDir` but never above `root`. */
export function locate(root: string, fromDir: string, name: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || !dir.startsWith(root)) return null;
  }
}

interface Manifest { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> }

/**
 * The packages `names` need at run time, found from `fromDir` as Node would: each with its own
 * dependencies, its optional ones that are there (a platform's native build) and peers that are there.
 * Returns the folders (relative to root) and the names no folder was found for.
 */
export function runtimeClosure(root: string, fromDir: string, names: string[]): { folders: Set<string>; missing: string[] } {
  const folders = new Set<string>();
  const missing: string[] = [];
  const queue = names.map((name) => ({ name, from: fromDir, required: true }));
  while (queue.length) {
    const { name, from, required } = queue.shift()!;
    const dir = locate(root, from, name);
    if (!dir) {
      if (required) missing.push(name);
      continue;
    }
    const rel = relative(root, dir).split(sep).join('/');
    if (folders.has(rel)) continue;
    folders.add(rel);
    const m = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    for (const dep of Object.keys(m.dependencies ?? {})) queue.push({ name: dep, from: dir, required: true });
    for (const dep of [...Object.keys(m.optionalDependencies ?? {}), ...Object.keys(m.peerDependencies ?? {})]) queue.push({ name: dep, from: dir, required: false });
  }
  return { folders, missing: [...new Set(missing)].sort() };
}

/** Paths that have no place in a shipped app: source maps, tests, TypeScript. */
export function unshippable(paths: string[]): string[] {
  return paths.filter((p) => /\.map$/.test(p) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(p) || /(^|\/)(__tests__|tests?)\//.test(p) || /\.[cm]?ts$/.test(p));
}
