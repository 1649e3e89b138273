import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textsIn } from '../texts';
import { launchHarness, type Harness } from '../harness/launch';
import { gotoArea, screenshot } from './support';
import { allRows, exportedFile, parseCsv, readBytes, shownHeaders, startExport } from './export-support';

/**
 * A rate-limited sandbox (5 requests a second, burst 5) and a business with 1,000 customers. The
 * export paces itself to the limit it has learned, so here someone else on the same key takes the
 * bucket just as it starts: the API answers 429 with Retry-After, and the export shows it is
 * waiting, then finishes with every row.
 */
const LANG = 'he';
let h: Harness;

beforeAll(async () => {
  h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 5, customers: 1000 } });
  h.host.saveDir = mkdtempSync(join(tmpdir(), 'bizops-exports-he-'));
}, 180_000);
afterAll(async () => h?.close());

describe('ייצוא בעברית, מול מגבלת קצב', () => {
  it('shows "waiting" while the API asks it to slow down, honours Retry-After, and still writes every row', async () => {
    const expected = await allRows(h, 'customers.list', {}, 'readonly');
    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"]');
    const headers = await shownHeaders(h.page);
    expect(headers[0]).toBe('שם');
    // The bucket is full again before the export starts (5 tokens), so the ten pages meet 429s.
    await new Promise((r) => setTimeout(r, 1500));
    const before = h.host.saveDialogs.length;
    await startExport(h.page, 'csv', () => screenshot(h.page, LANG, 'export-menu'));
    // Another client on the same key (and address) keeps the bucket the export counted on empty (ten requests a
    // second against five refilled) until the export says it waits: on a busy machine a single burst could land
    // between two of the export's pages.
    const other = () => fetch(`${h.sandbox.baseUrl}/business`, { headers: { Authorization: `Bearer ${h.sandbox.keys.owner}` } }).catch(() => undefined);
    const drain = setInterval(() => void other(), 100);
    try {
      await Promise.all(Array.from({ length: 8 }, other));
      await h.page.waitForSelector('[data-testid="export-job"][data-state="waiting"]', { timeout: 20_000 });
    } finally {
      clearInterval(drain);
    }
    expect(await h.page.textContent('[data-testid="export-status"]')).toMatch(/בהמתנה: השירות ביקש להאט \(\d+ שנ׳\)/);
    await screenshot(h.page, LANG, 'export-waiting');
    const path = await exportedFile(h, before, 120_000);
    expect(h.host.saveDialogs[before]!.defaultFileName).toMatch(/^לקוחות \d{4}-\d{2}-\d{2}\.csv$/);
    const records = parseCsv(readBytes(path).subarray(3).toString('utf8'));
    expect(records[0]).toEqual(headers);
    expect(records.length - 1).toBe(expected.length);
    expect(records.slice(1).map((r) => r[0])).toEqual(expected.map((r) => String(r.name)));
    expect(headers).toContain('מצב');
    const statuses = new Set(records.slice(1).map((r) => r[headers.indexOf('מצב')]));
    expect([...statuses].every((s) => s === 'פעיל' || s === 'לא פעיל')).toBe(true);
    // The main-side walk honoured Retry-After: its log says how often it waited, and so does the notice, in its plural form.
    const written = h.log.lines.find((l) => l.msg === 'export written');
    expect(written?.fields).toMatchObject({ rows: expected.length, pages: 10 });
    const waits = Number(written?.fields?.waits);
    expect(waits).toBeGreaterThan(0);
    expect(await h.page.textContent('body')).toContain(textsIn('he').t('exporter.waited', { count: waits }));
    await screenshot(h.page, LANG, 'export-done-notice');
  });
});
