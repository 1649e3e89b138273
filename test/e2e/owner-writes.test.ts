import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { apiGet, gotoArea, screenshot, type Row } from './support';
import { addRow, check, confirm, expectHash, fill, pick, submitToRecord } from './forms';

const LANG = 'en';
let h: Harness;
const api = (route: Parameters<typeof apiGet>[2], opts: Parameters<typeof apiGet>[3] = {}) => apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, opts);
const stamp = Date.now().toString(36);

beforeAll(async () => { h = await launchHarness({ lang: LANG, sandbox: { rateLimit: 0 } }); }, 120_000);
afterAll(async () => h?.close());

describe('the owner keeps customers and tags', () => {
  const tagName = `VIP ${stamp}`;
  const customerName = `Café Noga ${stamp}`;
  let customerId = '';

  it('creates a tag with a colour', async () => {
    await gotoArea(h.page, 'tags');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', tagName);
    await fill(h.page, 'color_hex', '#0ca678');
    const id = await submitToRecord(h.page, 'tags');
    const tag = (await api('tags.get', { params: { id } })).data as Row;
    expect(tag).toMatchObject({ name: tagName, color_hex: '#0CA678' });
  });

  it('creates a customer with two phones (the second primary) and the tag', async () => {
    await gotoArea(h.page, 'customers');
    await h.page.click('[data-testid="action-new"]');
    await fill(h.page, 'name', customerName);
    await fill(h.page, 'email', `noga.${stamp}@example.com`);
    await addRow(h.page, 'phones');
    await fill(h.page, 'phones.0.value', '050-1234567');
    await addRow(h.page, 'phones');
    await fill(h.page, 'phones.1.value', '03-7654321');
    await check(h.page, 'phones.0.primary');
    await check(h.page, 'phones.1.primary');
    // One primary phone: ticking the second unticks the first.
    expect(await h.page.isChecked('input[data-field="phones.0.primary"]')).toBe(false);
    await pick(h.page, 'tag_ids', tagName);
    await fill(h.page, 'address.city', 'חיפה');
    await fill(h.page, 'address.country_code', 'il');
    await screenshot(h.page, LANG, 'customer-new', true);
    customerId = await submitToRecord(h.page, 'customers');
    const c = (await api('customers.details', { params: { id: customerId } })).data as Row;
    expect(c).toMatchObject({ name: customerName, phone: '03-7654321', tags: [tagName], currency: 'ILS', status: 'active' });
    expect(c.phones).toEqual([{ value: '03-7654321', primary: true }, { value: '050-1234567', primary: false }]);
    expect(c.address).toMatchObject({ city: 'חיפה', country_code: 'IL' });
    await h.page.waitForSelector('[data-testid="notice-success"]');
  });

  it('edits it: only what changed is sent, the rest stays', async () => {
    await gotoArea(h.page, 'customers', customerId);
    await h.page.click('[data-testid="action-edit"]');
    await expectHash(h.page, new RegExp(`#/customers/${customerId}/edit$`));
    expect(await h.page.inputValue('input[data-field="name"]')).toBe(customerName);
    await fill(h.page, 'contact_person', 'Noga Levi');
    await submitToRecord(h.page, 'customers');
    const c = (await api('customers.details', { params: { id: customerId } })).data as Row;
    expect(c).toMatchObject({ name: customerName, contact_person: 'Noga Levi', tags: [tagName], phone: '03-7654321' });
    expect(await h.page.textContent('[data-testid="detail-view"]')).toContain('Noga Levi');
  });

  it('deletes it (soft) and restores it from the list of deleted records', async () => {
    await h.page.click('[data-testid="action-delete"]');
    await confirm(h.page);
    await expectHash(h.page, /^#\/customers$/);
    await expect(api('customers.get', { params: { id: customerId } })).rejects.toThrow(/404/);
    await h.page.waitForSelector(`[data-testid="deleted-records"] [data-deleted-id="${customerId}"]`);
    await screenshot(h.page, LANG, 'customers-deleted');
    await h.page.click(`[data-deleted-id="${customerId}"] [data-testid="restore"]`);
    await expectHash(h.page, new RegExp(`#/customers/${customerId}$`));
    expect(((await api('customers.get', { params: { id: customerId } })).data as Row).name).toBe(customerName);
    await h.page.waitForSelector('[data-testid="detail-view"]');
  });
});
