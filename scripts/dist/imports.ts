import { builtinModules } from 'node:module';

/** A module specifier a built file names, and how it is loaded. */
export interface BareImport {
  spec: string;
  /** `import`/`import()`/`export from` resolve with the import condition, require and require.resolve with require. */
  kind: 'import' | 'require';
  /** The specifier is the fixed start of a template (`pkg/files/name-${x}`): only its folder can be checked. */
  prefix: boolean;
}

const BUILTINS = new Set(builtinModules);

/** Built into Node or Electron: nothing to ship. */
export function isProvided(spec: string): boolean {
  return spec === 'electron' || spec.startsWith('electron/') || spec.startsWith('node:') || BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0]!);
}

const isBare = (spec: string) => !spec.startsWith('.') && !spec.startsWith('/') && !/^[a-z]+:\/\//i.test(spec);

/** The package a bare specifier names: `@scope/name` or `name`. */
export function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Every bare specifier a built file (ESM or CommonJS, not minified) loads: static and dynamic imports,
 * re-exports, require() by any name (require2, require$1) and require.resolve() or
 * createRequire(...).resolve() with a literal or the fixed start of a template. Code inside template
 * strings (a worker's source run with eval) is read the same way.
 */
export function bareImports(code: string): BareImport[] {
  const found = new Map<string, BareImport>();
  const add = (spec: string, kind: BareImport['kind'], prefix = false) => {
    if (!spec || !isBare(spec) || isProvided(spec)) return;
    found.set(`${kind} ${prefix} ${spec}`, { spec, kind, prefix });
  };
  const patterns: [RegExp, BareImport['kind']][] = [
    // import x from "a"; import { y } from "a"; export * from "a"
    [/\b(?:import|export)\s[^;'"`]*?\bfrom\s*(["'])([^"'\n]+)\1/g, 'import'],
    // import "a";
    [/\bimport\s*(["'])([^"'\n]+)\1/g, 'import'],
    // import("a")
    [/\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g, 'import'],
  ];
  for (const [re, kind] of patterns) for (const m of code.matchAll(re)) add(m[2]!, kind);
  // require("a"), require2("a"), require$1.resolve(`a/b-${x}`), createRequire(import.meta.url).resolve("a/b")
  const req = /(?:\brequire[\w$]*|\bcreateRequire\([^()]*\))(?:\.resolve)?\(\s*(["'`])((?:(?!\1)[^\n])*?)(\1|\$\{)/g;
  for (const m of code.matchAll(req)) {
    if (m[1] === '`' && m[3] === '${') add(m[2]!, 'require', true);
    else add(m[2]!, 'require');
  }
  return [...found.values()].sort((a, b) => a.spec.localeCompare(b.spec) || a.kind.localeCompare(b.kind));
}
