import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { he } from '../../renderer/i18n/he';
import { apiGet, gotoArea, screenshot, tableOverflow, waitForDetail, waitForRows, type Row } from './support';

const LANG = 'he';
const decls = Object.values(DECLS_BY_GROUP).flat();
let h: Harness;

// On an Israeli user's clock: date filters start a day at local midnight.
beforeAll(async () => { h = await launchHarness({ lang: LANG, timezoneId: 'Asia/Jerusalem', sandbox: { rateLimit: 0 } }); }, 120_000);
afterAll(async () => h?.close());

describe('Hebrew first run and a limited key', () => {
  let fr: Harness;
  beforeAll(async () => { fr = await launchHarness({ lang: LANG, firstRun: true, sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => fr?.close());

  it('first run speaks Hebrew; a limited key shows locks and explains the missing permission in Hebrew', async () => {
    await fr.page.getByRole('heading', { level: 1, name: he.firstRun.title }).waitFor();
    expect(await fr.page.getAttribute('html', 'dir')).toBe('rtl');
    await screenshot(fr.page, LANG, 'first-run');
    await fr.page.click('[data-testid="first-run-connect"]');
    await fr.page.getByLabel(he.connect.name).waitFor();
    await screenshot(fr.page, LANG, 'first-run-connect', true);

    const sender = `${fr.origin}/`;
    const added = await fr.core.router.handle(sender, 'he-add', 'profiles.add', {
      name: 'מוגבל', environment: 'test', base_url: fr.sandbox.baseUrl, key: { source: 'typed', key: fr.sandbox.keys.limited }, session_only: false,
    });
    if (!added.ok) throw new Error(added.error.message);
    await fr.core.router.handle(sender, 'he-act', 'profiles.activate', { id: (added.data as { id: string }).id });
    await fr.page.reload();
    await fr.page.waitForSelector('nav [data-area="customers"]');
    await expect.poll(() => fr.page.locator('nav [data-locked="true"]').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    await screenshot(fr.page, LANG, 'limited-navigation');
    await gotoArea(fr.page, 'payments');
    const alert = await fr.page.waitForSelector('[data-testid="access-error"]');
    expect(await alert.getAttribute('data-code')).toBe('insufficient_permission');
    expect(await alert.textContent()).toContain(he.access.insufficient_permission.title.replace('{{area}}', he.areas.payments));
    expect(await fr.page.textContent('[data-testid="missing-permission"]')).toBe('payments:read');
    await screenshot(fr.page, LANG, 'error-insufficient-permission');
  });
});

describe('Hebrew UI, right to left', () => {
  it('sets lang and dir on <html> and speaks Hebrew in the navigation', async () => {
    expect(await h.page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await h.page.getAttribute('html', 'lang')).toBe('he');
    await h.page.getByRole('navigation').getByText(he.areas.customers, { exact: true }).waitFor();
    // The navigation sits on the right in RTL.
    const nav = (await h.page.getByRole('navigation').boundingBox())!;
    expect(nav.x).toBeGreaterThan(500);
  });

  for (const d of decls) {
    it(`${d.area}: list and record render`, async () => {
      if (d.list) {
        const p = await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, d.list.route, { query: { limit: 25 } });
        const ids = (p.data as Row[]).map((r) => String(r.id));
        await gotoArea(h.page, d.area);
        expect(await waitForRows(h.page, ids)).toEqual(ids);
        if (ids.length > 0) expect(await tableOverflow(h.page), 'default columns fit at 1280 px').toBe(0);
        await screenshot(h.page, LANG, `${d.area}-list`);
        if (!ids[0]) return;
        await h.page.click(`[data-testid="list-table"] tbody tr[data-id="${ids[0]}"]`);
        expect(await waitForDetail(h.page)).toBe('detail');
        await h.page.click('[data-testid="drawer-full-page"]');
        await h.page.waitForSelector('[data-testid="record-drawer"]', { state: 'detached' });
      } else {
        await gotoArea(h.page, d.area);
      }
      expect(await waitForDetail(h.page)).toBe('detail');
      await screenshot(h.page, LANG, `${d.area}-detail`, true);
    });
  }

  it('shows the profiles screen and an error in Hebrew', async () => {
    await gotoArea(h.page, 'profiles');
    await h.page.getByRole('heading', { level: 1, name: he.profiles.title }).waitFor();
    await screenshot(h.page, LANG, 'profiles', true);
    await gotoArea(h.page, 'tasks', '00000000-0000-4000-8000-000000000000');
    expect(await waitForDetail(h.page)).toBe('error');
    await h.page.getByText(he.detail.notFound).waitFor();
    await screenshot(h.page, LANG, 'error-not-found');
  });

  it('switches to English and back from the header', async () => {
    await h.page.getByTestId('language-switch').getByText('EN').click();
    await expect.poll(() => h.page.getAttribute('html', 'dir')).toBe('ltr');
    await h.page.getByTestId('language-switch').getByText('עב').click();
    await expect.poll(() => h.page.getAttribute('html', 'dir')).toBe('rtl');
  });
});

describe('date filters on the user\'s clock', () => {
  const ZONE = 'Asia/Jerusalem';
  const localDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const localClock = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  /** The instant a wall-clock minute is in Israel (UTC+2 in winter, +3 in summer), found by trying both. */
  const israelInstant = (day: string, time: string) => {
    for (const off of ['+02:00', '+03:00']) {
      const ms = Date.parse(`${day}T${time}:00${off}`);
      if (localClock(ms) === `${day}, ${time}`) return ms;
    }
    throw new Error(`${day} ${time} is no time in Israel`);
  };
  const sentQuery = async (param: string, since: number) => {
    await expect.poll(() => h.network.sent.slice(since).some((u) => new URL(u).pathname.endsWith('/customers') && new URL(u).searchParams.has(param)), { timeout: 10_000 }).toBe(true);
    return new URL(h.network.sent.slice(since).filter((u) => new URL(u).pathname.endsWith('/customers') && new URL(u).searchParams.has(param)).at(-1)!).searchParams;
  };

  it('"created on or after" a day asks from that day\'s first moment in Israel, and with a time from that minute; the table shows what the API answers', async () => {
    const newest = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: 40 } })).data as Row[];
    const day = localDay(String(newest[newest.length - 1]!.created_at));
    // In Hebrew, whatever language a step before left the app in.
    if ((await h.page.getAttribute('html', 'dir')) !== 'rtl') await h.page.getByTestId('language-switch').getByText('עב').click();
    await expect.poll(() => h.page.getAttribute('html', 'dir')).toBe('rtl');
    await gotoArea(h.page, 'customers');
    const dayInput = h.page.getByLabel(he.list.createdOnOrAfter, { exact: true });
    await dayInput.waitFor();
    expect(await h.page.textContent('[role="search"]')).toContain(he.list.yourClock.replace('{{zone}}', ZONE));

    let since = h.network.sent.length;
    await dayInput.fill(day);
    let q = await sentQuery('created_after', since);
    expect(q.get('created_after')).toBe(new Date(israelInstant(day, '00:00') - 1).toISOString());
    const dayRows = (await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'customers.list', { query: { limit: Number(q.get('limit')), created_after: q.get('created_after')! } })).data as Row[];
    expect(dayRows.length).toBeGreaterThan(0);
    expect(await waitForRows(h.page, dayRows.map((r) => String(r.id)))).toEqual(dayRows.map((r) => String(r.id)));

    since = h.network.sent.length;
    await h.page.getByLabel(he.list.timeOf.replace('{{what}}', he.list.createdOnOrAfter)).fill('08:30');
    q = await sentQuery('created_after', since);
    expect(q.get('created_after')).toBe(new Date(israelInstant(day, '08:30') - 1).toISOString());
    await screenshot(h.page, LANG, 'list-created-on-or-after');
  });
});
