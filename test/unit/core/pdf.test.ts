import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadPdf, PDF_MAX_BYTES, suggestedPdfName, validatePdfLink } from '../../../electron/core/pdf-link';
import type { ProfileMeta } from '../../../shared';
import { makeCore, newProfile } from './fixtures';

const DEMO = 'http://127.0.0.1:45678';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const DOC_ID = '0b6f0b7e-8a3c-4c71-9d7e-3c1f6b2a9e10';

describe('validatePdfLink', () => {
  it('accepts https links', () => {
    expect(validatePdfLink('https://files.example.com/pdf/abc?sig=1', null).href).toBe('https://files.example.com/pdf/abc?sig=1');
  });
  it('accepts http only for the demo sandbox origin on loopback', () => {
    expect(validatePdfLink(`${DEMO}/v1/pdf/abc?sig=1`, `${DEMO}/v1`).host).toBe('127.0.0.1:45678');
    expect(() => validatePdfLink('http://127.0.0.1:45679/v1/pdf/abc', `${DEMO}/v1`)).toThrow(/not a secure link/);
    expect(() => validatePdfLink(`${DEMO}/v1/pdf/abc`, null)).toThrow(/not a secure link/);
    expect(() => validatePdfLink('http://files.example.com/a.pdf', `${DEMO}/v1`)).toThrow(/not a secure link/);
    expect(() => validatePdfLink('http://10.0.0.5:45678/a.pdf', `http://10.0.0.5:45678/v1`)).toThrow(/not a secure link/);
  });
  it('refuses other schemes, credentials in the URL and garbage', () => {
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'data:application/pdf;base64,JVBERi0=', 'ftp://x/y.pdf', 'https://user:pw@files.example.com/a.pdf', 'not a url', '']) {
      expect(() => validatePdfLink(bad, `${DEMO}/v1`), bad).toThrow(/not a secure link/);
    }
  });
});

describe('suggestedPdfName', () => {
  it('builds a safe name from type and number only', () => {
    expect(suggestedPdfName('TAX_INVOICE', 1042)).toBe('tax-invoice-1042.pdf');
    expect(suggestedPdfName('../../etc', 7)).toBe('etc-7.pdf');
  });
});

const respond = (body: Buffer | string, init: ResponseInit = {}) => async () => new Response(body, init);

describe('downloadPdf', () => {
  const t = makeCore();
  const signal = new AbortController().signal;
  const url = new URL('https://files.example.com/a.pdf');

  it('writes a PDF under a generated name, private to the user', async () => {
    const path = await downloadPdf(respond(PDF) as typeof fetch, url, t.host.dir, signal);
    expect(path.startsWith(t.host.dir)).toBe(true);
    expect(path).toMatch(/bizops-[0-9a-f]{24}\.pdf$/);
    expect(readFileSync(path).equals(PDF)).toBe(true);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('sends no credentials and follows no redirects', async () => {
    let seen: RequestInit | undefined;
    const spy = (async (_u: URL, init?: RequestInit) => { seen = init; return new Response(PDF); }) as unknown as typeof fetch;
    await downloadPdf(spy, url, t.host.dir, signal);
    expect(seen?.redirect).toBe('error');
    expect(JSON.stringify(seen?.headers)).not.toMatch(/authorization/i);
  });

  it('refuses a file that is not a PDF', async () => {
    await expect(downloadPdf(respond('<html>nope</html>') as typeof fetch, url, t.host.dir, signal)).rejects.toMatchObject({ bridge: { code: 'not_a_pdf' } });
  });

  it('refuses files over the size cap, declared or streamed', async () => {
    await expect(downloadPdf(respond(PDF, { headers: { 'content-length': String(PDF_MAX_BYTES + 1) } }) as typeof fetch, url, t.host.dir, signal))
      .rejects.toMatchObject({ bridge: { code: 'pdf_too_large' } });
    const big = Buffer.concat([PDF, Buffer.alloc(2048)]);
    await expect(downloadPdf(respond(big) as typeof fetch, url, t.host.dir, signal, 1024)).rejects.toMatchObject({ bridge: { code: 'pdf_too_large' } });
  });

  it('reports an expired link as a failed download', async () => {
    await expect(downloadPdf(respond('gone', { status: 410 }) as typeof fetch, url, t.host.dir, signal)).rejects.toMatchObject({ bridge: { kind: 'api', status: 410, code: 'pdf_download_failed' } });
  });
});

describe('pdf.open and pdf.save through the bridge', () => {
  async function setup(pdfAvailable: boolean, link = 'https://files.example.com/doc.pdf?sig=abc') {
    let fetched = 0;
    const t = makeCore({ fetch: (async () => { fetched += 1; return new Response(PDF); }) as typeof fetch });
    const a = (await t.call('profiles.add', newProfile())) as { ok: true; data: ProfileMeta };
    await t.call('profiles.activate', { id: a.data.id });
    t.api.routes['documents.get'] = () => ({ data: { pdf_available: pdfAvailable, document_type: 'TAX_INVOICE', document_number: 7 }, request_id: 'r1' });
    t.api.routes['documents.pdf'] = () => ({ data: { url: link, expires_at: '2030-01-01T00:00:00.000Z' }, request_id: 'r2' });
    return { t, fetched: () => fetched };
  }

  it('checks pdf_available first and does not ask for a link when there is none', async () => {
    const { t, fetched } = await setup(false);
    const r = await t.call('pdf.open', { document_id: DOC_ID, target: 'system' });
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'invalid_request', code: 'pdf_not_available' });
    expect(t.api.calls.map((c) => c.routeId)).toEqual(['documents.get']);
    expect(fetched()).toBe(0);
  });

  it('shows a PDF in the app window from memory: no file is written', async () => {
    const { t } = await setup(true);
    expect(await t.call('pdf.open', { document_id: DOC_ID, target: 'window' })).toEqual({ ok: true, data: { opened: true } });
    const shown = t.host.opened[0];
    expect(shown?.target).toBe('window');
    expect(shown?.title).toBe('tax-invoice-7.pdf');
    expect(shown?.bytes && Buffer.from(shown.bytes).equals(PDF)).toBe(true);
    expect(t.core.pdf.temp.list()).toEqual([]);
    expect(readdirSync(t.host.tempDir())).toEqual([]);
  });

  it('opens a downloaded PDF in the system viewer and removes the file on shutdown', async () => {
    const { t } = await setup(true);
    expect(await t.call('pdf.open', { document_id: DOC_ID, target: 'system' })).toEqual({ ok: true, data: { opened: true } });
    const opened = t.host.opened[0];
    expect(opened?.target).toBe('system');
    expect(opened?.filePath.startsWith(t.host.tempDir())).toBe(true);
    expect(opened && readFileSync(opened.filePath).subarray(0, 5).toString()).toBe('%PDF-');
    await t.core.shutdown();
    expect(opened && existsSync(opened.filePath)).toBe(false);
  });

  it('refuses an http link that is not the demo sandbox', async () => {
    const { t, fetched } = await setup(true, 'http://files.example.com/doc.pdf');
    const r = await t.call('pdf.open', { document_id: DOC_ID, target: 'system' });
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'invalid_response', code: 'unsafe_pdf_link' });
    expect(fetched()).toBe(0);
    expect(t.host.opened).toHaveLength(0);
  });

  it('saves to the chosen path without a temporary file; a cancelled dialog saves nothing', async () => {
    const { t } = await setup(true);
    t.host.savePath = join(t.host.dir, 'saved.pdf');
    expect(await t.call('pdf.save', { document_id: DOC_ID })).toEqual({ ok: true, data: { saved: true, file_name: 'saved.pdf' } });
    expect(readFileSync(t.host.savePath).equals(PDF)).toBe(true);
    expect(t.core.pdf.temp.list()).toEqual([]);
    expect(readdirSync(t.host.tempDir())).toEqual(['saved.pdf']);
    t.host.savePath = null;
    expect(await t.call('pdf.save', { document_id: DOC_ID })).toEqual({ ok: true, data: { saved: false, file_name: null } });
    expect(t.core.pdf.temp.list()).toEqual([]);
  });
});

describe('clipboard', () => {
  it('copies a record id to the clipboard (what else it takes: test/security/page-exits.test.ts)', async () => {
    const t = makeCore();
    expect(await t.call('clipboard.copy', { text: DOC_ID })).toEqual({ ok: true, data: { copied: true } });
    expect(t.host.clipboard).toBe(DOC_ID);
  });
});
