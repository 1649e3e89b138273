import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
const RUNNER = require.resolve('@doyensec/electronegativity/dist/runner.js');
const fromScanner = createRequire(RUNNER);

/**
 * The scanner fetches two things over the network: translations of its messages for the locale in
 * LANG (an S3 bucket) and Electron's release list (GitHub, for its "security fixes available" check,
 * which needs a scanned package.json; the gate scans none). Offline both failed, and under Node 24
 * those failures surfaced as unhandled errors that failed the run. A gate must not depend on the
 * network: its HTTP client (got) is answered here, before the scanner loads. The translations are
 * "not found", so it keeps the English it ships; the release list names the installed Electron as
 * the latest; any other request fails and is recorded. Its release file goes to a private folder.
 */
export const I18N_SOURCE = (fromScanner('../package.json') as { i18nSource: string }).i18nSource;
export const RELEASES_URL = 'https://raw.githubusercontent.com/electron/releases/master/index.json';
const ETAG = `"${'0'.repeat(40)}"`;
/** What the scanner asked for, answered or refused. */
export const scannerRequests: string[] = [];
const releasesDir = mkdtempSync(join(tmpdir(), 'bizops-electronegativity-releases-'));
process.once('exit', () => rmSync(releasesDir, { recursive: true, force: true }));

const electronVersion = (): string => (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;

async function offlineGot(url: string): Promise<{ statusCode: number; body: unknown; headers: Record<string, string> }> {
  scannerRequests.push(url);
  if (url.startsWith(`${I18N_SOURCE}/`)) return { statusCode: 404, body: '', headers: {} };
  if (url === RELEASES_URL) {
    const version = electronVersion();
    return { statusCode: 200, body: [{ tag_name: `v${version}`, version, body: '', npm_dist_tags: ['latest'] }], headers: { etag: ETAG } };
  }
  throw new Error(`the electronegativity gate runs offline; refused ${url}`);
}
offlineGot.head = offlineGot;

/** Puts a module's exports in the require cache, as the scanner will resolve it. */
function provide(name: string, exports: unknown): void {
  const path = fromScanner.resolve(name);
  const m = new Module(path);
  m.filename = path;
  m.loaded = true;
  m.exports = exports;
  require.cache[path] = m;
}
provide('got', offlineGot);
provide('temp-dir', releasesDir);

const runModule = require(RUNNER) as Run | { default: Run };
/** The electronegativity scanner (CommonJS build), offline. */
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
