import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/client';
import { csvField, csvRecord } from '../../../electron/core/export/csv';
import { currencyFormat } from '../../../electron/core/export/cells';
import { exportFileName } from '../../../electron/core/export/jobs';
import { sheetName } from '../../../electron/core/export/writers';
import type { EventPayload, ExportStart } from '../../../shared';
import { json, page as pageAnswer, recordingSleep, scriptedFetch } from '../client/fake-fetch';
import { makeCore, newProfile, type TestCore } from './fixtures';
import { customer } from '../contract/samples';

type Progress = EventPayload<'export.progress'>;
/** A customer as the API sends it, with a few more fields to export. */
const row = (i: number, extra: Record<string, unknown> = {}) => ({
  ...customer,
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: i === 1 ? 'דנה לוי' : `Customer ${i}`, status: i % 2 ? 'active' : 'inactive',
  currency: 'ILS', total_minor: 123456 + i, issue_date: '2026-01-31', updated_at: '2026-02-01T10:00:00.000Z', tags: ['VIP', 'חדש'], ...extra,
});

const input = (format: 'csv' | 'xlsx', extra: Partial<ExportStart> = {}): ExportStart => ({
  route: 'customers.list', query: {}, format, title: 'Customers', locale: 'en-US', rtl: false,
  columns: [
    { key: 'name', kind: 'text', label: 'Name' },
    { key: 'status', kind: 'status', label: 'Status' },
    { key: 'total_minor', kind: 'money', label: 'Total', currency: 'currency' },
    { key: 'issue_date', kind: 'date', label: 'Issue date' },
    { key: 'tags', kind: 'tags', label: 'Tags' },
  ],
  texts: { status: { active: 'Active', inactive: 'Inactive' }, enums: {}, yes: 'Yes', no: 'No' },
  ...extra,
});

async function ready(t: TestCore): Promise<{ dir: string; events: Progress[]; finished: () => Promise<Progress> }> {
  const added = await t.call('profiles.add', newProfile());
  if (!added.ok) throw new Error(added.error.message);
  await t.call('profiles.activate', { id: (added.data as { id: string }).id });
  const dir = mkdtempSync(join(tmpdir(), 'bizops-export-unit-'));
  t.host.saveDir = dir;
  const events: Progress[] = [];
  let resolve: (p: Progress) => void = () => {};
  const done = new Promise<Progress>((r) => { resolve = r; });
  t.core.events.on((e, p) => {
    if (e !== 'export.progress') return;
    const pr = p as Progress;
    events.push(pr);
    if (['done', 'failed', 'cancelled'].includes(pr.state)) resolve(pr);
  });
  return { dir, events, finished: () => done };
}

/** customers.list answers pages of `per` rows from `rows`, following the cursor. */
function pages(t: TestCore, rows: Record<string, unknown>[], per = 100) {
  t.api.routes['customers.list'] = (i) => {
    const start = Number(i.query?.cursor ?? 0);
    const next = start + per < rows.length ? String(start + per) : null;
    return { data: rows.slice(start, start + per), page: { has_more: next !== null, next_cursor: next }, request_id: `req_${start}` };
  };
}

describe('CSV fields (RFC 4180)', () => {
  it('quotes commas, quotes, line breaks and edge spaces; doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvRecord([{ text: 'a', formatted: false }, { text: 'b,c', formatted: false }])).toBe('a,"b,c"\r\n');
  });
  it('neutralises text a spreadsheet would run as a formula, not the numbers the app formats', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+972-50-1234567')).toBe("'+972-50-1234567");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvField('-₪12.00', true)).toBe('-₪12.00');
  });
});

describe('export names and formats', () => {
  it('suggests the table name and the date, without characters a file system refuses', () => {
    expect(exportFileName('Customers', 'csv', new Date(2026, 10, 5))).toBe('Customers 2026-11-05.csv');
    expect(exportFileName('לקוחות', 'xlsx', new Date(2026, 0, 9))).toBe('לקוחות 2026-01-09.xlsx');
    expect(exportFileName('a/b:c*?"<>|\u0007', 'csv', new Date(2026, 0, 1))).toBe('a b c 2026-01-01.csv');
    expect(sheetName('Imported documents [iCount]: all of them, really')).toBe('Imported documents  iCount   al');
  });
  it('puts the currency symbol where the locale does', () => {
    expect(currencyFormat('ILS', 'en-US')).toBe('"₪"#,##0.00');
    expect(currencyFormat('ILS', 'he-IL')).toBe('#,##0.00 "₪"');
    expect(currencyFormat('JPY', 'en-US')).toBe('"¥"#,##0');
  });
});

describe('export.start (core)', () => {
  it('CSV: asks where to save, walks every page with the filters, writes BOM, header and every row, reports progress', async () => {
    const t = makeCore();
    const { dir, events, finished } = await ready(t);
    const rows = Array.from({ length: 250 }, (_, i) => row(i + 1, i === 4 ? { name: '=cmd|"x"' } : i === 5 ? { name: 'Smith, "Jr"' } : {}));
    pages(t, rows);
    const r = await t.call('export.start', input('csv', { query: { status: 'active', search: 'x' } }));
    expect(r).toMatchObject({ ok: true, data: { started: true } });
    const end = await finished();
    expect(end).toMatchObject({ state: 'done', pages: 3, rows: 250, waits: 0, format: 'csv', file_name: expect.stringMatching(/^Customers \d{4}-\d{2}-\d{2}\.csv$/) });
    expect(events.map((e) => e.state)).toEqual(['running', 'running', 'running', 'running', 'writing', 'done']);
    expect(events.slice(1, 4).map((e) => [e.pages, e.rows])).toEqual([[1, 100], [2, 200], [3, 250]]);
    const calls = t.api.calls.filter((c) => c.routeId === 'customers.list');
    expect(calls.map((c) => c.input.query)).toEqual([
      { status: 'active', search: 'x', limit: 100 },
      { status: 'active', search: 'x', limit: 100, cursor: '100' },
      { status: 'active', search: 'x', limit: 100, cursor: '200' },
    ]);
    expect(t.host.saveDialogs).toEqual([{ defaultFileName: end.file_name, kind: 'csv', path: join(dir, end.file_name) }]);
    const bytes = readFileSync(join(dir, end.file_name));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Name,Status,Total,Issue date,Tags');
    expect(lines[1]).toBe('דנה לוי,Active,"₪1,234.57","Jan 31, 2026","VIP, חדש"');
    expect(lines[2]).toBe('Customer 2,Inactive,"₪1,234.58","Jan 31, 2026","VIP, חדש"');
    expect(lines[5]).toBe('"\'=cmd|""x""",Active,"₪1,234.61","Jan 31, 2026","VIP, חדש"');
    expect(lines[6]).toBe('"Smith, ""Jr""",Inactive,"₪1,234.62","Jan 31, 2026","VIP, חדש"');
    expect(lines.length).toBe(252); // header + 250 rows + the empty text after the last CRLF
    expect(lines[251]).toBe('');
    expect(readdirSync(dir)).toEqual([end.file_name]);
  });

  it('XLSX: typed amounts and dates, text as shown, a right-to-left sheet named after the table', async () => {
    const t = makeCore();
    const { dir, finished } = await ready(t);
    pages(t, [row(1), row(2, { total_minor: -500, status: 'mystery' })]);
    await t.call('export.start', input('xlsx', { title: 'לקוחות', locale: 'he-IL', rtl: true, columns: [...input('xlsx').columns, { key: 'updated_at', kind: 'timestamp', label: 'עודכן' }] }));
    const end = await finished();
    expect(end).toMatchObject({ state: 'done', rows: 2, pages: 1 });
    const [sheet] = await readXlsxFile(readFileSync(join(dir, end.file_name)));
    expect(sheet!.sheet).toBe('לקוחות');
    expect(sheet!.data[0]).toEqual(['Name', 'Status', 'Total', 'Issue date', 'Tags', 'עודכן']);
    const [, first, second] = sheet!.data;
    expect(first!.slice(0, 3)).toEqual(['דנה לוי', 'Active', 1234.57]);
    expect((first![3] as unknown as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(first![4]).toBe('VIP, חדש');
    const local = new Date('2026-02-01T10:00:00.000Z');
    expect((first![5] as unknown as Date).getTime()).toBe(local.getTime() - local.getTimezoneOffset() * 60_000);
    expect(second!.slice(1, 3)).toEqual(['mystery', -5]);
    const xml = readFileSync(join(dir, end.file_name)).toString('latin1');
    expect(xml.length).toBeGreaterThan(0);
  });

  it('waits when the API asks (429 with Retry-After), says so, and completes: real client, recorded sleeps', async () => {
    const { sleep, waits } = recordingSleep();
    const rate = () => json(429, { error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'Too many requests.' }, request_id: 'req_429' }, { 'retry-after': '1' });
    const f = scriptedFetch(
      pageAnswer([row(1)], 'c1', 'req_p1'), rate(), rate(), pageAnswer([row(2)], null, 'req_p2'),
    );
    const t = makeCore({ clientFactory: (o) => new ApiClient({ ...o, fetch: f.fetch, sleep, random: () => 0 }) });
    const { finished, events } = await ready(t);
    await t.call('export.start', input('csv'));
    const end = await finished();
    expect(end).toMatchObject({ state: 'done', rows: 2, pages: 2, waits: 2 });
    const waiting = events.filter((e) => e.state === 'waiting');
    expect(waiting.map((e) => [e.wait_reason, e.waits])).toEqual([['rate_limited', 1], ['rate_limited', 2]]);
    // Never sooner than Retry-After.
    expect(waits.length).toBe(2);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(1000);
    expect(waiting.every((e) => (e.wait_ms ?? 0) >= 1000)).toBe(true);
    expect(f.seen.map((s) => new URL(s.url).searchParams.get('cursor'))).toEqual([null, 'c1', 'c1', 'c1']);
  });

  it('cancel stops the walk: no file, no temporary file, a cancelled event', async () => {
    const t = makeCore();
    const { dir, finished } = await ready(t);
    let release: () => void = () => {};
    t.api.routes['customers.list'] = (i, o) => {
      if (i.query?.cursor === undefined) return { data: [row(1)], page: { has_more: true, next_cursor: 'n' }, request_id: 'r1' };
      return new Promise((_res, rej) => { release = () => rej(new Error('aborted')); o.signal?.addEventListener('abort', () => release(), { once: true }); });
    };
    const r = await t.call('export.start', input('csv'));
    const jobId = (r as { data: { job_id: string } }).data.job_id;
    await new Promise((res) => setTimeout(res, 20));
    expect(await t.call('export.cancel', { job_id: jobId })).toEqual({ ok: true, data: { cancelled: true } });
    const end = await finished();
    expect(end.state).toBe('cancelled');
    expect(readdirSync(dir)).toEqual([]);
    await new Promise((res) => setTimeout(res, 0));
    expect(await t.call('export.cancel', { job_id: jobId })).toEqual({ ok: true, data: { cancelled: false } });
  });

  it('an API error ends it as failed with status, code and request id, and no file', async () => {
    const f = scriptedFetch(pageAnswer([row(1)], 'c1'), json(403, { error: { type: 'authorization_error', code: 'insufficient_permission', message: 'no' }, request_id: 'req_denied' }));
    const t = makeCore({ clientFactory: (o) => new ApiClient({ ...o, fetch: f.fetch }) });
    const { dir, finished } = await ready(t);
    await t.call('export.start', input('xlsx'));
    const end = await finished();
    expect(end).toMatchObject({ state: 'failed', rows: 1, error: { kind: 'api', status: 403, code: 'insufficient_permission', request_id: 'req_denied' } });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a cancelled save dialog starts nothing; filters the route does not accept are refused', async () => {
    const t = makeCore();
    await ready(t);
    t.host.saveDir = null;
    expect(await t.call('export.start', input('csv'))).toEqual({ ok: true, data: { started: false } });
    expect(t.api.calls.filter((c) => c.routeId === 'customers.list')).toEqual([]);
    const bad = await t.call('export.start', input('csv', { route: 'payments.list', query: { search: 'x' } }));
    expect(bad).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    const badColumn = await t.call('export.start', input('csv', { columns: [{ key: '__proto__.x; rm', kind: 'text', label: 'x' }] }));
    expect(badColumn).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(existsSync(t.host.dir)).toBe(true);
  });
});

describe('the workbook is built off the main thread', () => {
  it('main keeps answering while 20,000 rows, streamed a page at a time, become an XLSX file (the window shares that thread in Electron)', async () => {
    const { XlsxBuilder } = await import('../../../electron/core/export/xlsx-build');
    const rows = Array.from({ length: 20_000 }, (_, i) => [
      { type: 'text' as const, value: `Customer ${i}` }, { type: 'number' as const, value: i / 100, format: '"₪"#,##0.00' },
      { type: 'date' as const, value: new Date(Date.UTC(2026, 0, 1 + (i % 300))), format: 'd mmm yyyy' }, null,
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'bizops-xlsx-builder-'));
    let longest = 0;
    let last = performance.now();
    const tick = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; }, 10);
    try {
      const builder = new XlsxBuilder();
      for (let i = 0; i < rows.length; i += 100) builder.add(rows.slice(i, i + 100));
      await builder.finish(['Name', 'Total', 'Date', 'Empty'], { sheet: 'S', rightToLeft: false, stickyRowsCount: 1, columns: [{ width: 20 }, { width: 12 }, { width: 14 }, { width: 8 }] }, join(dir, 'out.xlsx'));
      const [sheet] = await readXlsxFile(readFileSync(join(dir, 'out.xlsx')));
      expect(sheet!.data.length).toBe(20_001);
      expect(sheet!.data[20_000]!.slice(0, 2)).toEqual(['Customer 19999', 199.99]);
    } finally {
      clearInterval(tick);
      rmSync(dir, { recursive: true, force: true });
    }
    // Building in main stalled it for ~1 s per 10,000 rows (2 s here); in the worker only the hand-overs
    // show, with room for a busy 2-core machine whose timers run late anyway.
    expect(longest).toBeLessThan(1_500);
  }, 60_000);
});
