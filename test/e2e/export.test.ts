import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { gotoArea, screenshot, waitForRows, type Row } from './support';
import { allRows, exportedFile, openList, parseCsv, partFiles, readBytes, shownHeaders, startExport } from './export-support';

const LANG = 'en';
let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 0 } });
  dir = mkdtempSync(join(tmpdir(), 'bizops-exports-'));
  h.host.saveDir = dir;
}, 120_000);
afterAll(async () => h?.close());

const hebrew = /[\u0590-\u05FF]/;

describe('export a table (English)', () => {
  it('CSV: UTF-8 with BOM, the shown headers, every row of every page, Hebrew names intact', async () => {
    const expected = await allRows(h, 'customers.list');
    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"]');
    const headers = await shownHeaders(h.page);
    const before = h.host.saveDialogs.length;
    await startExport(h.page, 'csv', () => screenshot(h.page, LANG, 'export-menu'));
    const path = await exportedFile(h, before);
    expect(h.host.saveDialogs[before]).toMatchObject({ kind: 'csv' });
    expect(h.host.saveDialogs[before]!.defaultFileName).toMatch(/^Customers \d{4}-\d{2}-\d{2}\.csv$/);
    await screenshot(h.page, LANG, 'export-done-notice');

    const bytes = readBytes(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parseCsv(text);
    expect(records[0]).toEqual(headers);
    expect(records.length - 1).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(100); // more than one page of the walk
    const heName = expected.map((r) => String(r.name)).find((n) => hebrew.test(n) && !/[",]/.test(n))!;
    expect(records.some((r) => r[0] === heName), `the Hebrew name ${heName} as one intact field`).toBe(true);
    expect(text).toContain(heName);
    expect(records.map((r) => r[0]).slice(1)).toEqual(expected.map((r) => String(r.name)));
    expect(await h.page.textContent('body')).toContain(`Pages: 4 · Rows: ${expected.length}`);
    expect(partFiles(dir)).toEqual([]);
  });

  it('CSV follows the table\'s filter: the inactive customers only, statuses in words', async () => {
    const expected = await allRows(h, 'customers.list', { status: 'inactive' });
    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"] tbody tr');
    await h.page.selectOption('[data-testid="list-status"]', { label: 'Inactive' });
    // The table shows the filter's first page before the export starts from it.
    const firstPage = expected.slice(0, 25).map((r) => String(r.id));
    expect(await waitForRows(h.page, firstPage, 30_000)).toEqual(firstPage);
    const before = h.host.saveDialogs.length;
    await startExport(h.page, 'csv');
    const records = parseCsv(readBytes(await exportedFile(h, before)).subarray(3).toString('utf8'));
    expect(records.length - 1).toBe(expected.length);
    const statusCol = records[0]!.indexOf('Status');
    expect(new Set(records.slice(1).map((r) => r[statusCol]))).toEqual(new Set(['Inactive']));
    await h.page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('XLSX: opened and read back, typed amounts and dates, every document, Hebrew intact', async () => {
    const expected = await allRows(h, 'documents.list');
    await openList(h.page, 'documents', 'Documents');
    const headers = await shownHeaders(h.page);
    const before = h.host.saveDialogs.length;
    await startExport(h.page, 'xlsx');
    const path = await exportedFile(h, before);
    expect(path.endsWith('.xlsx')).toBe(true);
    const sheets = await readXlsxFile(readBytes(path));
    const rows = sheets[0]!.data;
    expect(rows[0]).toEqual(headers);
    expect(rows.length - 1).toBe(expected.length);
    const totalCol = headers.indexOf('Total');
    const dateCol = headers.indexOf('Issue date');
    const first = expected[0] as Row & { total_minor: number; issue_date: string };
    expect(rows[1]![totalCol]).toBe(first.total_minor / 100);
    expect(rows[1]![dateCol]).toBeInstanceOf(Date);
    expect((rows[1]![dateCol] as unknown as Date).toISOString().slice(0, 10)).toBe(first.issue_date);
    const heDoc = expected.find((r) => hebrew.test(String((r.customer as Row).name)))!;
    expect(rows.flat()).toContain(String((heDoc.customer as Row).name));
  });

  it('cancel stops the walk and leaves no file; a cancelled save dialog starts nothing', async () => {
    // The walk's later pages wait on the network until let go: it is still walking when cancel is pressed, however busy the machine.
    const later = h.network.hold((url) => url.pathname.endsWith('/documents') && url.searchParams.has('cursor'));
    try {
      await openList(h.page, 'documents', 'Documents');
      const before = h.host.saveDialogs.length;
      await startExport(h.page, 'csv');
      await h.page.waitForSelector('[data-testid="export-job"]');
      await h.page.waitForFunction(() => /Rows: [1-9]/.test((globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector('[data-testid="export-counts"]')?.textContent ?? ''), undefined, { timeout: 15_000 });
      await screenshot(h.page, LANG, 'export-progress');
      await h.page.click('[data-testid="export-cancel"]');
      await h.page.waitForSelector('[data-testid="export-job"]', { state: 'detached' });
      await expect.poll(() => h.page.textContent('body')).toContain('Export cancelled; no file was written');
      const path = h.host.saveDialogs[before]!.path!;
      expect(existsSync(path)).toBe(false);
      expect(partFiles(dir)).toEqual([]);
    } finally {
      later.release();
    }
    h.host.saveDir = null;
    const before = h.host.saveDialogs.length;
    await startExport(h.page, 'xlsx');
    await expect.poll(() => h.host.saveDialogs.length).toBe(before + 1);
    expect(h.host.saveDialogs[before]!.path).toBeNull();
    expect(await h.page.$('[data-testid="export-job"]')).toBeNull();
    h.host.saveDir = dir;
  });
});
