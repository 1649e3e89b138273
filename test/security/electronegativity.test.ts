import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18N_SOURCE, RELEASES_URL, applyAllowlist, isSerious, lineText, runScan, scannerRequests, type AllowEntry, type Finding } from './electronegativity-gate';

/**
 * Electronegativity gate: scans electron/ and renderer/ together (so global checks such as
 * navigation limits see main and renderer at once) and fails on any HIGH or MEDIUM finding
 * that is not listed, with its exact source line and reason, in .electronegativity-allowlist.json.
 */

const root = join(import.meta.dirname, '../..');
const allow = (JSON.parse(readFileSync(join(root, '.electronegativity-allowlist.json'), 'utf8')) as { entries: AllowEntry[] }).entries;
const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

let scanDir: string;
let result: Awaited<ReturnType<typeof runScan>>;

const httpRequest = vi.spyOn(http, 'request');
const httpsRequest = vi.spyOn(https, 'request');

beforeAll(async () => {
  scanDir = mkdtempSync(join(tmpdir(), 'bizops-electronegativity-'));
  for (const part of ['electron', 'renderer']) {
    if (existsSync(join(root, part))) cpSync(join(root, part), join(scanDir, part), { recursive: true });
  }
  result = await runScan({ input: scanDir, isRelative: true, electronVersionOverride: electronVersion });
}, 240_000);

afterAll(() => rmSync(scanDir, { recursive: true, force: true }));

const key = (i: { check: string; file: string }) => `${i.check} ${i.file}`;

describe('electronegativity', () => {
  it('runs offline: what the scanner fetches is answered by the gate, and nothing goes out', () => {
    expect(scannerRequests.length).toBeGreaterThan(0);
    for (const url of scannerRequests) expect(url.startsWith(`${I18N_SOURCE}/`) || url === RELEASES_URL, url).toBe(true);
    expect(httpRequest).not.toHaveBeenCalled();
    expect(httpsRequest).not.toHaveBeenCalled();
  });

  it('every allowlist entry gives a reason and the exact line it accepts', () => {
    for (const a of allow) {
      expect(a.reason.length, key(a)).toBeGreaterThan(30);
      expect(a.line.length, key(a)).toBeGreaterThan(10);
      expect(a.line, key(a)).toBe(a.line.trim());
    }
  });

  it('finds no HIGH or MEDIUM issue outside the allowlist, and every entry still matches one', () => {
    const serious = result.issues.filter(isSerious);
    const summary = result.issues.map((i) => `${i.severity.name.padEnd(13)} ${i.confidence.name.padEnd(9)} ${i.id} ${i.file}:${i.location.line}`);
    const { unlisted, stale } = applyAllowlist(result.issues, allow, (f) => lineText(scanDir, f));
    console.log(`electronegativity: ${result.atomicChecks} atomic + ${result.globalChecks} global checks, ${result.issues.length} findings (${serious.length} HIGH/MEDIUM, ${serious.length - unlisted.length} allowlisted)\n${summary.join('\n')}`);
    expect(unlisted).toEqual([]);
    expect(stale).toEqual([]);
    // The scan really ran over the app (otherwise the gate would pass vacuously).
    expect(result.atomicChecks).toBeGreaterThan(20);
    expect(result.issues.some((i) => i.file.startsWith('electron/main/'))).toBe(true);
  });
});

describe('the gate itself', () => {
  const finding = (id: string, file: string, line: number): Finding => ({ id, file, severity: { name: 'HIGH' }, confidence: { name: 'FIRM' }, location: { line } });

  it('an entry covers one finding on its exact line only', () => {
    const entry: AllowEntry = { check: 'SANDBOX_JS_CHECK', file: 'electron/main/w.ts', line: 'const win = new BrowserWindow(safeOptions());', reason: 'r'.repeat(40) };
    const lines: Record<number, string> = { 3: 'const win = new BrowserWindow(safeOptions());', 9: 'const win = new BrowserWindow(safeOptions());', 12: 'const other = new BrowserWindow({ width: 1 });' };
    const text = (f: Finding) => lines[f.location.line] ?? '';
    expect(applyAllowlist([finding('SANDBOX_JS_CHECK', 'electron/main/w.ts', 3)], [entry], text)).toEqual({ unlisted: [], stale: [] });
    // The same check in the same file on another line fails; so does a second copy of the accepted line.
    expect(applyAllowlist([finding('SANDBOX_JS_CHECK', 'electron/main/w.ts', 3), finding('SANDBOX_JS_CHECK', 'electron/main/w.ts', 12)], [entry], text).unlisted).toHaveLength(1);
    expect(applyAllowlist([finding('SANDBOX_JS_CHECK', 'electron/main/w.ts', 3), finding('SANDBOX_JS_CHECK', 'electron/main/w.ts', 9)], [entry], text).unlisted).toHaveLength(1);
    expect(applyAllowlist([], [entry], text).stale).toEqual(['SANDBOX_JS_CHECK electron/main/w.ts "const win = new BrowserWindow(safeOptions());"']);
  });

  it('a new insecure window in an allowlisted file fails the real scan', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bizops-electronegativity-new-window-'));
    try {
      mkdirSync(join(dir, 'electron/main'), { recursive: true });
      const original = readFileSync(join(root, 'electron/main/main-window.ts'), 'utf8');
      const added = `${original}\nexport function helpWindow(): BrowserWindow {\n  return new BrowserWindow({ webPreferences: { sandbox: false, contextIsolation: false } });\n}\n`;
      writeFileSync(join(dir, 'electron/main/main-window.ts'), added);
      const scan = await runScan({ input: dir, isRelative: true, electronVersionOverride: electronVersion });
      const { unlisted } = applyAllowlist(scan.issues, allow, (f) => lineText(dir, f));
      expect(unlisted.some((u) => u.includes('CONTEXT_ISOLATION_JS_CHECK electron/main/main-window.ts'))).toBe(true);
      expect(unlisted.some((u) => u.includes('SANDBOX_JS_CHECK electron/main/main-window.ts'))).toBe(true);
      // Matching by check and file alone, as the gate once did, would have let both through.
      const byFileOnly = scan.issues.filter(isSerious).filter((i) => !allow.some((a) => a.check === i.id && a.file === i.file));
      expect(byFileOnly.filter((i) => i.file === 'electron/main/main-window.ts')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
