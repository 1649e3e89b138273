import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The electronegativity gate's rules, apart from the scan: a HIGH or MEDIUM finding passes only
 * when an allowlist entry names its check, its file and the exact text of its source line (trimmed).
 * Each entry covers one finding, so a second identical line needs its own entry, and an entry
 * that covers nothing is reported as stale. A new insecure window in an allowlisted file has
 * another line text, so it fails.
 */

export interface Finding { id: string; file: string; severity: { name: string }; confidence: { name: string }; location: { line: number } }
export interface AllowEntry { check: string; file: string; line: string; reason: string }
type Run = (o: Record<string, unknown>) => Promise<{ issues: Finding[]; errors: unknown[]; atomicChecks: number; globalChecks: number }>;

const require = createRequire(import.meta.url);
const runModule = require('@doyensec/electronegativity/dist/runner.js') as Run | { default: Run };
/** The electronegativity scanner (CommonJS build). */
export const runScan: Run = typeof runModule === 'function' ? runModule : runModule.default;

export const isSerious = (f: Finding) => f.severity.name === 'HIGH' || f.severity.name === 'MEDIUM';

/** The trimmed text of the line a finding points at, read from the scanned tree ('' for global findings without a file). */
export function lineText(root: string, f: Finding): string {
  const path = join(root, f.file);
  if (!existsSync(path)) return '';
  return (readFileSync(path, 'utf8').split(/\r?\n/)[f.location.line - 1] ?? '').trim();
}

/** Serious findings no entry covers, and entries that covered nothing. */
export function applyAllowlist(findings: readonly Finding[], allow: readonly AllowEntry[], textOf: (f: Finding) => string): { unlisted: string[]; stale: string[] } {
  const unused = new Set(allow.map((_, i) => i));
  const unlisted: string[] = [];
  for (const f of findings.filter(isSerious)) {
    const text = textOf(f);
    const i = allow.findIndex((a, n) => unused.has(n) && a.check === f.id && a.file === f.file && a.line === text);
    if (i === -1) unlisted.push(`${f.severity.name} ${f.id} ${f.file}:${f.location.line} ${JSON.stringify(text)}`);
    else unused.delete(i);
  }
  const stale = [...unused].map((i) => `${allow[i]!.check} ${allow[i]!.file} ${JSON.stringify(allow[i]!.line)}`);
  return { unlisted, stale };
}
