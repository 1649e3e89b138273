import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiGet, gotoArea, type Row } from './support';
import type { Harness } from '../harness/launch';
import type { ListQuery, RouteId } from '../../shared';

/**
 * Every row of a list route, straight from the sandbox (the oracle an export is compared with).
 * `key`: another key of the same business has its own rate-limit bucket, so the oracle does not
 * spend the app's.
 */
export async function allRows(h: Harness, route: RouteId, query: ListQuery = {}, key: 'owner' | 'readonly' = 'owner'): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (;;) {
    const get = () => apiGet(h.sandbox.baseUrl, h.sandbox.keys[key], route, { query: { ...query, limit: 100, ...(cursor ? { cursor } : {}) } });
    // A rate-limited sandbox: the oracle waits out its 429s too (Retry-After: 1).
    const page = await get().catch(async (e: Error) => {
      if (!/answered 429/.test(e.message)) throw e;
      await new Promise((r) => setTimeout(r, 1100));
      return get();
    });
    rows.push(...(page.data as Row[]));
    if (!page.page?.has_more) return rows;
    cursor = page.page.next_cursor!;
  }
}

/**
 * Goes to an area's list and waits for its own table: right after the address changes, the list shown
 * before (with its headers) is still on screen until the new one renders.
 */
export async function openList(page: Page, area: string, title: string): Promise<void> {
  await gotoArea(page, area);
  await page.waitForFunction((t) => (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }).document.querySelector('#screen-title')?.textContent === t, title);
  await page.waitForSelector('[data-testid="list-table"]');
}

/** Opens the toolbar's export menu and picks CSV or XLSX. */
export async function startExport(page: Page, format: 'csv' | 'xlsx', beforeChoosing?: () => Promise<void>): Promise<void> {
  await page.click('[data-testid="export-menu"]');
  await page.waitForSelector(`[data-testid="export-${format}"]`);
  await beforeChoosing?.();
  await page.click(`[data-testid="export-${format}"]`);
}

/** The table's column headers as shown. */
export const shownHeaders = (page: Page): Promise<string[]> =>
  page.$$eval('[data-testid="list-table"] thead th', (ths) => ths.map((th) => (th.textContent ?? '').trim()));

/** Waits until the export's file is written and its notice shows; returns the file the fake save dialog chose. */
export async function exportedFile(h: Harness, dialogsBefore: number, timeout = 60_000): Promise<string> {
  await expect.poll(() => h.host.saveDialogs.length, { timeout: 10_000 }).toBeGreaterThan(dialogsBefore);
  const path = h.host.saveDialogs[dialogsBefore]!.path!;
  await expect.poll(() => existsSync(path), { timeout }).toBe(true);
  // The notice names the file (a left-to-right mark may sit before its extension).
  await h.page.waitForFunction((name) => ((globalThis as unknown as { document: { body: { textContent: string | null } } }).document.body.textContent ?? '').replace(/\u200E/g, '').includes(name), basename(path), { timeout: 10_000 });
  return path;
}

/** CSV records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { record.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { record.push(field); records.push(record); record = []; field = ''; i++; }
    else field += c;
  }
  if (field !== '' || record.length) { record.push(field); records.push(record); }
  return records;
}

export const readBytes = (path: string) => readFileSync(path);
/** Leftover temporary files of an export in a folder (there should be none). */
export const partFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.part'));
