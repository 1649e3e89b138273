import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import type { KeyName } from '../../electron/sandbox';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { apiGet, gotoArea, reconnectAndRetry, SCREENSHOTS, waitForDetail, waitForRows, type Row } from './support';
import { axeViolations, blocking, type AxeViolation } from './axe';

/** The document with line items and payments (and a PDF) the detail check looks at: the newest such. */
async function documentWithLinesAndPayments(h: Harness): Promise<string> {
  let cursor: string | undefined;
  for (;;) {
    const page = await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'documents.list', { query: { limit: 100, ...(cursor ? { cursor } : {}) } });
    for (const doc of page.data as Row[]) {
      if (!Array.isArray(doc.line_items) || doc.line_items.length === 0 || doc.payment_status === 'unpaid' || doc.pdf_available !== true) continue;
      const details = await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'documents.details', { params: { id: String(doc.id) } });
      const payments = (details.data as Row).payments;
      if (Array.isArray(payments) && payments.length > 0) return String(doc.id);
    }
    if (!page.page?.has_more || !page.page.next_cursor) throw new Error('the seed has no document with line items and payments');
    cursor = page.page.next_cursor;
  }
}

/**
 * The app on one of the sandbox's keys: its profile (added the first time) made active and the app
 * reloaded on it, unless it is already. Each check names the key it needs, whatever ran before it.
 */
async function switchKey(h: Harness, key: KeyName): Promise<void> {
  const sender = `${h.origin}/`;
  const name = `a11y ${key}`;
  const active = h.core.profiles.active();
  if (active?.name === name) return;
  let id = h.core.profiles.list().profiles.find((p) => p.name === name)?.id;
  if (!id) {
    const added = await h.core.router.handle(sender, `a11y-add-${key}`, 'profiles.add', {
      name, environment: 'test', base_url: h.sandbox.baseUrl, key: { source: 'typed', key: h.sandbox.keys[key] }, session_only: false,
    });
    if (!added.ok) throw new Error(added.error.message);
    id = (added.data as { id: string }).id;
  }
  const activated = await h.core.router.handle(sender, `a11y-act-${key}`, 'profiles.activate', { id });
  if (!activated.ok) throw new Error(activated.error.message);
  await h.page.reload();
  await h.page.waitForSelector('nav [data-area="customers"]');
}

/** The accessibility gate, in one language (a file per language, so the two run side by side). */
export function accessibilityGate(lang: 'en' | 'he'): void {
  const m = lang === 'en' ? en : he;
  describe(`accessibility gate (${lang}): no serious or critical axe violation`, () => {
    let h: Harness;
    const seen: Record<string, AxeViolation[]> = {};
    /** Runs axe, keeps every finding for the report file, and returns the blocking ones. */
    const audit = async (screen: string) => {
      const found = await axeViolations(h.page);
      seen[screen] = found;
      return blocking(found);
    };

    beforeAll(async () => { h = await launchHarness({ lang, firstRun: true, sandbox: { rateLimit: 0 } }); }, 120_000);
    afterAll(async () => {
      const dir = join(SCREENSHOTS, 'a11y');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${lang}.json`), `${JSON.stringify(seen, null, 2)}\n`);
      await h?.close();
    });

    it('first run: both cards, then the connect form', async () => {
      await h.page.waitForSelector('[data-testid="first-run-demo"]');
      expect(await h.page.getAttribute('html', 'lang')).toBe(lang);
      expect(await audit('first-run')).toEqual([]);
      await h.page.click('[data-testid="first-run-connect"]');
      await h.page.waitForSelector('form[aria-labelledby="connect-title"]');
      expect(await audit('first-run-connect')).toEqual([]);
    });

    it('an access error (limited key on payments)', async () => {
      await switchKey(h, 'limited');
      await gotoArea(h.page, 'payments');
      await h.page.waitForSelector('[data-testid="access-error"]');
      expect(await audit('access-error')).toEqual([]);
    });

    it('the customers list with filters set', async () => {
      await switchKey(h, 'owner');
      const expected = await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: 25, status: 'active', search: 'a' } });
      await gotoArea(h.page, 'customers');
      await h.page.waitForSelector('[data-testid="list-table"]');
      await h.page.selectOption('[data-testid="list-status"]', { label: m.status.active });
      await h.page.fill('[data-testid="list-search"]', 'a');
      const ids = (expected.data as Row[]).map((r) => String(r.id));
      expect(await waitForRows(h.page, ids)).toEqual(ids);
      await h.page.getByRole('button', { name: m.list.clearFilters }).waitFor();
      expect(await audit('customers-filtered')).toEqual([]);
      await h.page.getByRole('button', { name: m.list.columns }).click();
      await h.page.getByRole('dialog', { name: m.list.columns }).waitFor();
      expect(await audit('customers-columns')).toEqual([]);
      await h.page.keyboard.press('Escape');
      await h.page.getByRole('dialog').waitFor({ state: 'detached' });
    });

    it('a document with line items and payments', async () => {
      await switchKey(h, 'owner');
      const id = await documentWithLinesAndPayments(h);
      await gotoArea(h.page, 'documents', id);
      expect(await waitForDetail(h.page)).toBe('detail');
      await h.page.waitForSelector('[data-testid="subtable-line_items"]');
      await h.page.waitForSelector('[data-testid="subtable-payments"]');
      expect(await audit('document-detail')).toEqual([]);
    });

    it('the export menu, an export in progress, the activity log and the connection banner', async () => {
      await switchKey(h, 'owner');
      h.host.saveDir = h.host.dir;
      await gotoArea(h.page, 'customers');
      await h.page.waitForSelector('[data-testid="list-table"]');
      await h.page.click('[data-testid="export-menu"]');
      await h.page.getByRole('menu').waitFor();
      // Once it has faded in: mid-transition, axe reads its half-transparent text as too faint.
      await h.page.waitForFunction(() => {
        const menu = (globalThis as unknown as { document: { querySelector(s: string): object | null } }).document.querySelector('[role="menu"]');
        return menu !== null && (globalThis as unknown as { getComputedStyle(e: object): { opacity: string } }).getComputedStyle(menu).opacity === '1';
      });
      expect(await audit('export-menu')).toEqual([]);
      // The export's later pages wait on the network until let go: still in progress while it is audited and cancelled.
      const later = h.network.hold((url) => url.pathname.endsWith('/customers') && url.searchParams.has('cursor'));
      try {
        await h.page.click('[data-testid="export-csv"]');
        await h.page.waitForSelector('[data-testid="export-job"]');
        // Not while the menu is still fading out (axe would read its half-transparent text).
        await h.page.getByRole('menu').waitFor({ state: 'detached' });
        expect(await audit('export-progress')).toEqual([]);
        await h.page.click('[data-testid="export-cancel"]');
        await h.page.waitForSelector('[data-testid="export-job"]', { state: 'detached', timeout: 15_000 });
      } finally {
        later.release();
      }
      const sender = `${h.origin}/`;
      // The log keeps only request ids main has shown the page: two real answers give them.
      const requestId = async (n: number) => {
        const r = await h.core.router.handle(sender, `a11y-activity-read-${n}`, 'api.call', { route: 'business.get' });
        return r.ok ? (r.data as { request_id: string }).request_id : undefined;
      };
      await h.core.router.handle(sender, 'a11y-activity-1', 'activity.record', { route: 'customers.create', area: 'customers', record_id: null, name: 'Café Noga', outcome: 'ok', request_id: await requestId(1) });
      await h.core.router.handle(sender, 'a11y-activity-2', 'activity.record', { route: 'customers.update', area: 'customers', record_id: null, name: 'קפה נוגה', outcome: 'not_saved', status: 500, code: 'internal_error', request_id: await requestId(2) });
      await gotoArea(h.page, 'activity');
      await h.page.waitForSelector('[data-testid="activity-table"]');
      expect(await audit('activity')).toEqual([]);
      h.network.offline = true;
      try {
        await gotoArea(h.page, 'tasks');
        await h.page.waitForSelector('[data-testid="network-offline"]', { timeout: 30_000 });
        expect(await audit('network-offline')).toEqual([]);
        await reconnectAndRetry(h.page, h.network);
      } finally {
        h.network.offline = false;
      }
      await h.page.waitForSelector('[data-testid="list-table"]');
    });

    it('the connection profiles screen and its rename dialog', async () => {
      await switchKey(h, 'owner');
      await gotoArea(h.page, 'profiles');
      await h.page.waitForSelector('[data-testid="profile-card"]');
      expect(await audit('profiles')).toEqual([]);
      await h.page.getByRole('button', { name: m.profiles.rename, exact: true }).first().click();
      await h.page.getByRole('dialog', { name: m.profiles.renameTitle }).waitFor();
      expect(await audit('profiles-rename-dialog')).toEqual([]);
      await h.page.keyboard.press('Escape');
      await h.page.getByRole('dialog').waitFor({ state: 'detached' });
    });
  });
}
