import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Driving the generic write forms the way a user does: inputs are found by their form path
 * (`data-field`), pickers by typing and choosing, lists by their add buttons.
 */
const field = (name: string) => `[data-field="${name}"]`;
/** The page's location (the Node project has no DOM types). */
const hashOf = () => (globalThis as unknown as { location: { hash: string } }).location.hash;

export async function fill(page: Page, name: string, value: string): Promise<void> {
  await page.fill(`input${field(name)}, textarea${field(name)}`, value);
}

/** A Select of an enum: opens it and clicks the option with this label. */
export async function choose(page: Page, name: string, label: string): Promise<void> {
  await page.click(`input${field(name)}`);
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** A reference picker: types what the user would, waits for the record's name, picks it. */
export async function pick(page: Page, name: string, search: string, label: string | RegExp = search): Promise<void> {
  const input = page.locator(`input${field(name)}`);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: label }).first().click({ timeout: 15_000 });
}

export async function check(page: Page, name: string, on = true): Promise<void> {
  const box = page.locator(`input${field(name)}`);
  if ((await box.isChecked()) !== on) await box.click({ force: true });
}

export async function addRow(page: Page, list: string): Promise<void> {
  await page.click(`[data-testid="add-${list}"]`);
}

/** Submits the form and waits for the record screen it lands on; returns the record id from the hash. */
export async function submitToRecord(page: Page, area: string): Promise<string> {
  await page.click('[data-testid="form-submit"]');
  await page.waitForFunction((a) => new RegExp(`^#/${a}/[0-9a-f-]{36}$`).test((globalThis as unknown as { location: { hash: string } }).location.hash), area, { timeout: 15_000 });
  await page.waitForSelector('[data-testid="detail-view"]');
  return (await page.evaluate(hashOf)).split('/')[2]!;
}

/** Answers the app's confirmation dialog. */
export async function confirm(page: Page, ok = true): Promise<void> {
  await page.click(ok ? '[data-testid="confirm-ok"]' : '[data-testid="confirm-cancel"]');
}

/** The message shown next to a field (its error), or null. */
export async function fieldError(page: Page, name: string): Promise<string | null> {
  const id = await page.getAttribute(`${field(name)}`, 'aria-describedby');
  if (!id) return null;
  for (const part of id.split(' ')) {
    const text = await page.locator(`[id="${part}"]`).textContent().catch(() => null);
    if (text && /error/i.test(part)) return text;
  }
  return null;
}

export const expectHash = async (page: Page, re: RegExp) => expect.poll(() => page.evaluate(hashOf)).toMatch(re);

/**
 * From a record's page, a "New ..." that starts from it (`start`: the new record's area): the form
 * opens at its address with the record picked (`field` shows `shown`), `fillIn` types the rest, and
 * once saved the app is back on the record.
 */
async function newFrom(page: Page, start: string, from: { area: string; id: string; field: string; shown: string }, fillIn: () => Promise<void>): Promise<void> {
  await page.click(`[data-testid="start-${start}"]`);
  await expectHash(page, new RegExp(`^#/${start}/new\\?from=${from.area}&fromId=${from.id}`));
  await expect.poll(() => page.inputValue(`input[data-field="${from.field}"]`)).toBe(from.shown);
  await fillIn();
  await page.click('[data-testid="form-submit"]');
  await expectHash(page, new RegExp(`^#/${from.area}/${from.id}$`));
}

/** "New document for this customer": a title and one priced line. */
export const newDocumentFrom = (page: Page, customerId: string, customerName: string, title: string, line: { name: string; price: string }): Promise<void> =>
  newFrom(page, 'documents', { area: 'customers', id: customerId, field: 'customer_id', shown: customerName }, async () => {
    await fill(page, 'title', title);
    await fill(page, 'lines.0.name', line.name);
    await fill(page, 'lines.0.unit_price', line.price);
  });

/** "New task" from a record (a customer, a lead, a document): a title. */
export const newTaskFrom = (page: Page, area: string, id: string, field: string, shown: string, title: string): Promise<void> =>
  newFrom(page, 'tasks', { area, id, field, shown }, () => fill(page, 'title', title));
