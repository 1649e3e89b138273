import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHarness, type Harness } from '../harness/launch';
import { gotoArea, reconnectAndRetry, screenshot, waitForRows, apiGet, type Row } from './support';

/**
 * Slow and broken networks: the core's network is switched off or slowed down (the harness's
 * network switch); the window says what is happening, stays usable, and "Try again" recovers.
 */
let h: Harness;
beforeAll(async () => { h = await launchHarness({ lang: 'en', sandbox: { rateLimit: 0 } }); }, 120_000);
afterAll(async () => h?.close());

const firstIds = async (route: 'tasks.list' | 'leads.list') =>
  ((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, route, { query: { limit: 25 } })).data as Row[]).map((r) => String(r.id));

describe('slow and broken networks', () => {
  it('a slow answer shows "still waiting"; the banner goes when the data arrives', async () => {
    // The list's answer waits on the network until the banner has been seen, however busy the machine.
    const tasks = h.network.hold((url) => url.pathname.endsWith('/tasks'));
    try {
      await gotoArea(h.page, 'tasks');
      await h.page.waitForSelector('[data-testid="network-slow"]', { timeout: 10_000 });
      expect(await h.page.textContent('[data-testid="network-slow"]')).toMatch(/The service is slow to answer\. Still waiting \(\d+ s\)/);
      // The window is not frozen: the navigation still answers while the call waits.
      await h.page.hover('[data-area="customers"]');
      await screenshot(h.page, 'en', 'network-slow');
    } finally {
      tasks.release();
    }
    expect(await waitForRows(h.page, await firstIds('tasks.list'))).toEqual(await firstIds('tasks.list'));
    await h.page.waitForSelector('[data-testid="network-slow"]', { state: 'detached' });
  });

  it('no connection: "trying again in N s" while main retries, then "Cannot reach the service" with Try again, which recovers', async () => {
    h.network.offline = true;
    try {
      await gotoArea(h.page, 'leads');
      await h.page.waitForSelector('[data-testid="network-retrying"][data-reason="network"]', { timeout: 10_000 });
      expect(await h.page.textContent('[data-testid="network-retrying"]')).toMatch(/The connection to the service was lost\. Trying again in \d+ s\./);
      await screenshot(h.page, 'en', 'network-retrying');
      await h.page.waitForSelector('[data-testid="network-offline"]', { timeout: 30_000 });
      expect(h.network.refused).toBeGreaterThan(1);
      await screenshot(h.page, 'en', 'network-offline');
      await reconnectAndRetry(h.page, h.network);
    } finally {
      // The steps after this one have the network back, whatever happened here.
      h.network.offline = false;
    }
    const ids = await firstIds('leads.list');
    expect(await waitForRows(h.page, ids)).toEqual(ids);
    expect(await h.page.$('[data-testid="network-offline"]')).toBeNull();
  });

  it('in Hebrew too', async () => {
    // A record nothing has read yet: a list may have been read in passing (a hover, the home screen's
    // figures) and still be fresh, in which case nothing is asked and no banner shows.
    const product = ((await apiGet(h.sandbox.baseUrl, h.sandbox.keys.owner, 'products.list', { query: { limit: 25 } })).data as Row[]).at(-1)!;
    await h.page.click('[data-testid="language-switch"] button:has-text("עב")');
    await h.page.waitForFunction(() => (globalThis as unknown as { document: { documentElement: { dir: string } } }).document.documentElement.dir === 'rtl');
    h.network.offline = true;
    try {
      await gotoArea(h.page, 'products', String(product.id));
      await h.page.waitForSelector('[data-testid="network-retrying"]', { timeout: 10_000 });
      expect(await h.page.textContent('[data-testid="network-retrying"]')).toMatch(/החיבור לשירות נותק\. ניסיון נוסף בעוד \d+ שנ׳\./);
      await screenshot(h.page, 'he', 'network-retrying');
      await h.page.waitForSelector('[data-testid="network-offline"]', { timeout: 30_000 });
      expect(await h.page.textContent('[data-testid="network-offline"]')).toContain('אין חיבור לשירות');
      await screenshot(h.page, 'he', 'network-offline');
      await reconnectAndRetry(h.page, h.network);
    } finally {
      h.network.offline = false;
    }
    await h.page.waitForSelector('[data-testid="detail-view"]');
  });
});
