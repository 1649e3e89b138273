import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { RESOURCE_AREAS, type Permission } from '../../shared';
import { apiGet, gotoArea, screenshot, waitForDetail, type Row } from './support';
import { addRow, fill, pick, submitToRecord } from './forms';
import { en } from '../../renderer/i18n/en';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { requiredPermissions } from '../../shared';

const writable = Object.values(DECLS_BY_GROUP).flat().filter((d) => d.writes && d.list);

const LANG = 'en';
const lockedAreas = (h: Harness) => h.page.$$eval('nav [data-locked="true"]', (els) => els.map((e) => e.getAttribute('data-area') ?? '').sort());
const expectedLocked = (granted: Permission[]) => Object.entries(RESOURCE_AREAS).filter(([, a]) => !granted.includes(a.readPermission)).map(([k]) => k).sort();

describe('readonly key', () => {
  let h: Harness;
  beforeAll(async () => { h = await launchHarness({ lang: LANG, key: 'readonly', sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('sees no locked area and reads every list', async () => {
    await h.page.waitForSelector('nav [data-area="customers"]');
    await h.page.waitForTimeout(0);
    expect(await lockedAreas(h)).toEqual([]);
    await gotoArea(h.page, 'expenses');
    await h.page.waitForSelector('[data-testid="list-table"]');
  });

  it('finds every write action disabled, with the permission it lacks in words', async () => {
    for (const d of writable) {
      await gotoArea(h.page, d.area);
      await h.page.waitForSelector('[data-testid="list-table"], [data-testid="list-empty"]');
      if (d.writes!.create) expect(await h.page.isDisabled('[data-testid="action-new"]'), `${d.area} new`).toBe(true);
      const first = ((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.readonly, d.list!.route, { query: { limit: 1 } })).data as Row[])[0];
      if (!first) continue;
      await gotoArea(h.page, d.area, String(first[d.list!.rowId] ?? first.id));
      expect(await waitForDetail(h.page), d.area).toBe('detail');
      const buttons = h.page.locator('[data-testid="record-actions"] button, [data-testid="record-actions"] a');
      const n = await buttons.count();
      expect(n, `${d.area} offers writes`).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) expect(await buttons.nth(i).isDisabled(), `${d.area} button ${i}`).toBe(true);
      const permission = requiredPermissions((d.writes!.edit ?? d.writes!.delete ?? d.writes!.actions![0]!).route, undefined)[0]!;
      expect(await h.page.textContent('[data-testid="write-locked-reason"]'), d.area).toContain(permission);
    }
    await screenshot(h.page, LANG, 'readonly-writes-disabled');
  });

  it('a form opened by its address says why it cannot be saved', async () => {
    await gotoArea(h.page, 'customers/new');
    const lock = await h.page.waitForSelector('[data-testid="form-locked"]');
    expect(await lock.textContent()).toContain('customers:write');
    expect(await h.page.isDisabled('[data-testid="form-submit"]')).toBe(true);
  });
});

describe('limited key (business:read and customers:read)', () => {
  let h: Harness;
  beforeAll(async () => { h = await launchHarness({ lang: LANG, key: 'limited', sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('shows a lock on every area it cannot read', async () => {
    const expected = expectedLocked(['business:read', 'customers:read']);
    await expect.poll(() => lockedAreas(h), { timeout: 15_000 }).toEqual(expected);
    expect(expected).toContain('payments');
    expect(expected).not.toContain('customers');
    await screenshot(h.page, LANG, 'limited-navigation');
  });

  it('explains which permission is missing and where to add it', async () => {
    await gotoArea(h.page, 'payments');
    const alert = await h.page.waitForSelector('[data-testid="access-error"]');
    expect(await alert.getAttribute('data-code')).toBe('insufficient_permission');
    expect(await h.page.textContent('[data-testid="missing-permission"]')).toBe('payments:read');
    expect(await alert.textContent()).toContain('Settings → API keys');
    await screenshot(h.page, LANG, 'error-insufficient-permission');
    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"]');
  });

  it('gives each key problem of section 5 its own explanation', async () => {
    const cases = [['expired', 'expired_api_key'], ['revoked', 'revoked_api_key'], ['ip_restricted', 'ip_not_allowed'], ['inactive', 'api_access_inactive']] as const;
    for (const [key, code] of cases) {
      const added = await h.core.router.handle(`${h.origin}/`, `t-add-${key}`, 'profiles.add', {
        name: key, environment: 'test', base_url: h.sandbox.baseUrl, key: { source: 'typed', key: h.sandbox.keys[key] }, session_only: false,
      });
      expect(added.ok).toBe(true);
      if (!added.ok) return;
      await h.core.router.handle(`${h.origin}/`, `t-act-${key}`, 'profiles.activate', { id: (added.data as { id: string }).id });
      await h.page.reload();
      await h.page.waitForSelector('body[data-app-ready]', { state: 'attached' });
      await gotoArea(h.page, 'customers');
      const alert = await h.page.waitForSelector('[data-testid="access-error"]');
      expect(await alert.getAttribute('data-code'), key).toBe(code);
      await screenshot(h.page, LANG, `error-${code}`);
    }
  });
});

describe('documents clerk key (documents:write without products:write)', () => {
  let h: Harness;
  beforeAll(async () => { h = await launchHarness({ lang: LANG, key: 'documents_clerk', sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('issues a document: the lines are open, only "save as product" is locked, with the permission it needs', async () => {
    const api = (route: Parameters<typeof apiGet>[2], opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
    const customer = ((await api('customers.list', { query: { limit: 1, status: 'active' } })).data as Row[])[0]!;
    const product = ((await api('products.list', { query: { limit: 1, status: 'active' } })).data as Row[])[0]!;
    const title = `Clerk ${Date.now().toString(36)}`;
    await gotoArea(h.page, 'documents');
    await h.page.click('[data-testid="action-new"]');
    await h.page.waitForSelector('input[data-field="lines.0.name"]');
    // Wait for the connection test: the lock follows what the key is known to lack.
    await expect.poll(() => h.page.isDisabled('input[data-field="lines.0.save_as_product"]'), { timeout: 15_000 }).toBe(true);
    expect(await h.page.textContent('[data-testid="locked-columns-lines"]')).toBe(`${en.fields.save_as_product}: ${en.permissions.fieldNeeds.replace('{{permission}}', 'products:write')}`);
    for (const open of ['lines.0.product_id', 'lines.0.name', 'lines.0.sku', 'lines.0.quantity', 'lines.0.unit_price']) expect(await h.page.isDisabled(`input[data-field="${open}"]`), open).toBe(false);
    expect(await h.page.isDisabled('[data-testid="add-lines"]')).toBe(false);
    await pick(h.page, 'customer_id', String(customer.name));
    await fill(h.page, 'title', title);
    await pick(h.page, 'lines.0.product_id', String(product.name));
    await addRow(h.page, 'lines');
    await fill(h.page, 'lines.1.name', 'Delivery');
    await fill(h.page, 'lines.1.unit_price', '35');
    await screenshot(h.page, LANG, 'document-new-documents-clerk', true);
    const id = await submitToRecord(h.page, 'documents');
    const doc = (await api('documents.details', { params: { id } })).data as Row;
    expect(doc).toMatchObject({ title, customer: { id: customer.id } });
    expect((doc.line_items as Row[]).map((l) => l.name)).toEqual([product.name, 'Delivery']);
  });
});

describe('first run', () => {
  let h: Harness;
  beforeAll(async () => { h = await launchHarness({ lang: LANG, firstRun: true, sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('offers connect or demo, and the demo opens the app on the sandbox business', async () => {
    await h.page.waitForSelector('[data-testid="first-run-demo"]');
    await screenshot(h.page, LANG, 'first-run');
    await h.page.click('[data-testid="first-run-connect"]');
    await h.page.getByLabel('Profile name').waitFor();
    await screenshot(h.page, LANG, 'first-run-connect', true);
    await h.page.click('[data-testid="first-run-demo"]');
    await h.page.waitForSelector('nav [data-area="customers"]');
    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"]');
    expect(await h.page.textContent('[data-testid="env-badge"]')).toBe('TEST');
  });
});
