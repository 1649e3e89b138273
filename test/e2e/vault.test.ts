import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileMeta } from '../../shared';
import { launchHarness, type Harness } from '../harness/launch';
import { gotoArea, screenshot } from './support';

const LANG = 'en';

describe('first run on a computer without a keyring (basic_text)', () => {
  let h: Harness;
  beforeAll(async () => { h = await launchHarness({ lang: LANG, firstRun: true, vaultBackend: 'basic_text', sandbox: { rateLimit: 0 } }); }, 120_000);
  afterAll(async () => h?.close());

  it('refuses to save the key, says why plainly, and connects with a session-only key from the clipboard', async () => {
    const key = h.sandbox.keys.owner;
    h.host.clipboard = key;
    await h.page.click('[data-testid="first-run-connect"]');
    await h.page.getByLabel('Profile name').fill('Sandbox without keyring');
    await h.page.getByLabel('Base URL').fill(h.sandbox.baseUrl);

    // Told up front, before anything is sent.
    const warning = h.page.getByTestId('vault-warning');
    await warning.waitFor();
    expect(await warning.getAttribute('data-backend')).toBe('basicText');
    expect(await warning.textContent()).toContain('This computer has no keyring');
    expect(await warning.textContent()).toContain('only be obfuscated');

    // Persistent storage chosen (session-only left unticked): main refuses, nothing is stored.
    const sessionOnly = h.page.getByLabel('Keep the key for this session only', { exact: false });
    expect(await sessionOnly.isChecked()).toBe(false);
    await h.page.getByRole('button', { name: 'Paste key from clipboard' }).click();
    await h.page.getByTestId('vault-refused').waitFor();
    expect(await h.page.textContent('[data-testid="vault-refused"]')).toContain('The key was not saved');
    expect(await sessionOnly.isChecked()).toBe(true);
    expect(h.vault.stored.size).toBe(0);
    expect(h.core.profiles.list().profiles).toEqual([]);
    await screenshot(h.page, LANG, 'first-run-no-keyring', true);

    // Accepting the session-only key connects.
    await h.page.getByTestId('vault-session-only').click();
    await h.page.waitForSelector('nav [data-area="customers"]');
    const { profiles, active_id } = h.core.profiles.list();
    expect(profiles.map((p: ProfileMeta) => [p.name, p.session_only, p.base_url])).toEqual([['Sandbox without keyring', true, h.sandbox.baseUrl]]);
    expect(active_id).toBe(profiles[0]!.id);
    expect(h.vault.stored.size).toBe(0);
    expect(h.store.dump()).not.toContain(key);

    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"]');
    await gotoArea(h.page, 'profiles');
    const card = h.page.getByTestId('profile-card');
    await card.getByText('Session only', { exact: true }).waitFor();
  });
});
