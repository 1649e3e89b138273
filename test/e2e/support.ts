import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { ROUTES, fillPath, type ListQuery, type RouteId } from '../../shared';
import { ROOT } from '../harness/launch';

export const SCREENSHOTS = join(ROOT, 'screenshots');

/** The sandbox answer for one route, fetched directly (the oracle the UI is compared with). */
export async function apiGet(baseUrl: string, key: string, route: RouteId, opts: { params?: Record<string, string>; query?: ListQuery } = {}) {
  const url = new URL(baseUrl + fillPath(ROUTES[route].path, opts.params));
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { data: unknown; page?: { has_more: boolean; next_cursor: string | null } };
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

export type Row = Record<string, unknown>;

/**
 * A write straight to the API (a second client, or what a test sets up for itself instead of taking it
 * from an earlier test), with the request key the route asks for; its record, or an error naming the answer.
 */
export async function apiWrite(baseUrl: string, key: string, route: RouteId, opts: { params?: Record<string, string>; body?: unknown } = {}): Promise<Row> {
  const r = ROUTES[route];
  const body = r.idempotency === 'client_request_id' ? { ...(opts.body as Row), client_request_id: randomUUID() } : opts.body;
  const res = await fetch(baseUrl + fillPath(r.path, opts.params), {
    method: r.method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(r.idempotency === 'idempotency_key' ? { 'Idempotency-Key': randomUUID() } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data: Row };
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * For a journey whose steps build on one another (an intake becomes a lead, then a customer): once a step
 * fails, the steps after it are skipped and name it, rather than each failing on what it did not leave.
 */
export function stopAtFirstFailure(): void {
  let failed: string | null = null;
  beforeEach(({ skip, onTestFailed, task }) => {
    if (failed !== null) skip(`skipped: the earlier step "${failed}" failed`);
    onTestFailed(() => { failed ??= task.name; });
  });
}

/** The few page globals these helpers touch (the Node project has no DOM types). */
interface El { getAttribute(n: string): string | null }
interface Storage { length: number; key(i: number): string | null; getItem(k: string): string | null }
interface PageGlobals { location: { hash: string }; document: { querySelector(s: string): El | null; querySelectorAll(s: string): Iterable<El> }; localStorage: Storage; sessionStorage: Storage }

/** Everything the page keeps in its own storage, as text (customer data belongs in main: issue 20). */
export const pageStorageText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const all = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`);
    return [...all(g.localStorage), ...all(g.sessionStorage)].join('\n');
  });

export const currentHash = (page: Page): Promise<string> => page.evaluate(() => decodeURIComponent((globalThis as unknown as PageGlobals).location.hash));

/**
 * Changes the address to an area (or a record of it) and waits, up to 10 s, until the app says it shows
 * that screen (body[data-screen]): until then the previous screen, its table included, is still on display.
 * A screen that never comes is left for the caller's own wait to report. What a step before left behind
 * when it failed does not stand in the way: a question still open is answered "no", and a form left with
 * typing in it is let go when the app asks (a step that means to meet that question clicks a link instead).
 */
export async function gotoArea(page: Page, area: string, id?: string): Promise<void> {
  const path = `/${area}${id ? `/${id}` : ''}`;
  // (A dialog already on its way out is not clicked: the click gives up on it.)
  const answer = (button: 'confirm-ok' | 'confirm-cancel') => page.click(`[data-testid="${button}"]`, { timeout: 5_000 }).catch(() => undefined);
  if (await page.isVisible('[data-testid="confirm-dialog"]')) await answer('confirm-cancel');
  await page.evaluate((h) => { (globalThis as unknown as PageGlobals).location.hash = h; }, `#${path}`);
  // The app names the screen it shows by its path alone (a drawer's `?open=` is not part of it).
  const screen = path.split('?')[0]!;
  const arrival = () => page.waitForFunction((p) => {
    const doc = (globalThis as unknown as { document: { body: { dataset: Record<string, string | undefined> }; querySelector(s: string): unknown } }).document;
    if (doc.body.dataset.screen === p) return 'shown';
    return doc.querySelector('[data-testid="confirm-dialog"]') ? 'asked' : false;
  }, screen, { timeout: 10_000 }).then((r) => r.jsonValue(), () => 'late');
  if ((await arrival()) === 'asked') {
    await answer('confirm-ok');
    await arrival();
  }
}

/** Ids of the rows on screen, in order (of the list table, or of the tables inside `within`). */
export const rowIds = (page: Page, within = ''): Promise<string[]> =>
  page.$$eval(`${within ? `${within} ` : ''}[data-testid="list-table"] tbody tr`, (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));

/** Waits until the table shows exactly these ids (or the empty state for none), then returns what is shown. */
export async function waitForRows(page: Page, ids: string[], timeout = 15_000): Promise<string[]> {
  try {
    await page.waitForFunction(
      (expected) => {
        const doc = (globalThis as unknown as PageGlobals).document;
        if (expected.length === 0) return !!doc.querySelector('[data-testid="list-empty"]');
        const shown = [...doc.querySelectorAll('[data-testid="list-table"] tbody tr')].map((r) => r.getAttribute('data-id'));
        return JSON.stringify(shown) === JSON.stringify(expected);
      },
      ids,
      { timeout, polling: 100 },
    );
  } catch {
    /* fall through: the caller's assertion reports what is on screen */
  }
  return ids.length === 0 && (await page.$('[data-testid="list-empty"]')) ? [] : rowIds(page);
}

/**
 * A picture of the screen for a person to look at (screenshots/<lang>/<name>.png), taken when
 * SCREENSHOTS=1 (`SCREENSHOTS=1 npm test`); no test reads them, so a plain run skips the capture.
 * The pointer leaves the page either way, so what follows sees no hover.
 */
export async function screenshot(page: Page, lang: string, name: string, fullPage = false): Promise<void> {
  await page.mouse.move(0, 0);
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = join(SCREENSHOTS, lang);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * Brings the network back and presses the offline banner's "Try again" at once. The button is
 * found visible, enabled and stable while the network is still off: otherwise any other read that
 * reaches the service first (a query retried on reconnect) can take the banner away mid-click.
 */
export async function reconnectAndRetry(page: Page, network: { offline: boolean }): Promise<void> {
  const retry = page.locator('[data-testid="network-retry"]');
  await retry.click({ trial: true });
  network.offline = false;
  await retry.dispatchEvent('click');
}

/** How many pixels the list table sticks out of its box (0 when the default columns fit without scrolling). */
export async function tableOverflow(page: Page): Promise<number> {
  return page.$eval('[data-testid="list-table"]', (table) => {
    const t = table as unknown as { getBoundingClientRect(): { width: number }; closest(s: string): { clientWidth: number } | null };
    const box = t.closest('.mantine-Paper-root');
    return box ? Math.max(0, Math.round(t.getBoundingClientRect().width - box.clientWidth)) : -1;
  });
}

/** Waits for a detail view (or its error) to finish loading. */
export async function waitForDetail(page: Page): Promise<'detail' | 'error'> {
  const el = await page.waitForSelector('[data-testid="detail-view"], [data-testid="error-state"], [data-testid="access-error"]', { timeout: 15_000 });
  return (await el.getAttribute('data-testid')) === 'detail-view' ? 'detail' : 'error';
}
