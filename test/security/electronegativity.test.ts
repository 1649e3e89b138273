import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Electronegativity gate: scans electron/ and renderer/ together (so global checks such as
 * navigation limits see main and renderer at once) and fails on any HIGH or MEDIUM finding
 * that is not listed, with its reason, in .electronegativity-allowlist.json.
 */

interface Issue { id: string; file: string; severity: { name: string }; confidence: { name: string }; location: { line: number } }
type Run = (o: Record<string, unknown>) => Promise<{ issues: Issue[]; errors: unknown[]; atomicChecks: number; globalChecks: number }>;
interface Allow { check: string; file: string; reason: string }

const root = join(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const runModule = require('@doyensec/electronegativity/dist/runner.js') as Run | { default: Run };
const run: Run = typeof runModule === 'function' ? runModule : runModule.default;
const allow = (JSON.parse(readFileSync(join(root, '.electronegativity-allowlist.json'), 'utf8')) as { entries: Allow[] }).entries;
const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

let scanDir: string;
let result: Awaited<ReturnType<Run>>;

beforeAll(async () => {
  scanDir = mkdtempSync(join(tmpdir(), 'bizops-electronegativity-'));
  for (const part of ['electron', 'renderer']) {
    if (existsSync(join(root, part))) cpSync(join(root, part), join(scanDir, part), { recursive: true });
  }
  result = await run({ input: scanDir, isRelative: true, electronVersionOverride: electronVersion });
}, 240_000);

afterAll(() => rmSync(scanDir, { recursive: true, force: true }));

const key = (i: { check: string; file: string }) => `${i.check} ${i.file}`;

describe('electronegativity', () => {
  it('every allowlist entry gives a reason', () => {
    for (const a of allow) expect(a.reason.length, key(a)).toBeGreaterThan(30);
  });

  it('finds no HIGH or MEDIUM issue outside the allowlist', () => {
    const serious = result.issues.filter((i) => i.severity.name === 'HIGH' || i.severity.name === 'MEDIUM');
    const summary = result.issues.map((i) => `${i.severity.name.padEnd(13)} ${i.confidence.name.padEnd(9)} ${i.id} ${i.file}:${i.location.line}`);
    console.log(`electronegativity: ${result.atomicChecks} atomic + ${result.globalChecks} global checks, ${result.issues.length} findings (${serious.length} HIGH/MEDIUM, ${serious.filter((i) => allow.some((a) => key(a) === key({ check: i.id, file: i.file }))).length} allowlisted)\n${summary.join('\n')}`);
    const unlisted = serious.filter((i) => !allow.some((a) => a.check === i.id && a.file === i.file)).map((i) => `${i.severity.name} ${i.id} ${i.file}:${i.location.line}`);
    expect(unlisted).toEqual([]);
    // The scan really ran over the app (otherwise the gate would pass vacuously).
    expect(result.atomicChecks).toBeGreaterThan(20);
    expect(result.issues.some((i) => i.file.startsWith('electron/main/'))).toBe(true);
  });
});
