import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../electron/client';
import { ProfileService } from '../../../electron/core/profiles';
import { ROUTES, type ProfileMeta } from '../../../shared';
import { BASE_URL, LIVE_KEY, makeCore, newProfile, TEST_KEY, TEST_KEY_2 } from './fixtures';

const ok = <T>(r: { ok: true; data: unknown } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.data as T;
};

describe('profiles: adding', () => {
  it('reads the key from the clipboard itself, trims it and keeps only metadata in the store', async () => {
    const t = makeCore();
    t.host.clipboard = `  ${TEST_KEY}\n`;
    const meta = ok<ProfileMeta>(await t.call('profiles.add', { ...newProfile(), key: { source: 'clipboard' } }));
    expect(meta).toMatchObject({ name: 'Acme', environment: 'test', base_url: BASE_URL, key_last4: '2345', status: 'untested', is_demo: false, session_only: false, permissions_known: [] });
    expect(t.vault.read(meta.id)).toBe(TEST_KEY);
    expect(t.store.dump()).not.toContain(TEST_KEY);
    expect(t.store.get<ProfileMeta[]>('profiles')?.map((p) => p.id)).toEqual([meta.id]);
  });

  it('refuses an empty clipboard and text that is not key-shaped, without quoting it', async () => {
    const t = makeCore();
    t.host.clipboard = '   ';
    const empty = await t.call('profiles.add', { ...newProfile(), key: { source: 'clipboard' } });
    expect(empty.ok ? null : empty.error).toMatchObject({ kind: 'invalid_input', field_errors: [{ path: 'key' }] });
    t.host.clipboard = 'my shopping list: milk, eggs';
    const junk = await t.call('profiles.add', { ...newProfile(), key: { source: 'clipboard' } });
    expect(junk.ok).toBe(false);
    expect(JSON.stringify(junk)).not.toContain('milk');
    expect(t.vault.stored.size).toBe(0);
  });

  it('refuses a key whose environment marker contradicts the chosen environment', async () => {
    const t = makeCore();
    const r = await t.call('profiles.add', newProfile(LIVE_KEY));
    expect(r.ok ? null : r.error).toEqual({ kind: 'invalid_input', message: 'This is a live key, but the profile is for the test environment.', field_errors: [{ path: 'key', message: 'This is a live key, but the profile is for the test environment.' }] });
    expect(ok<ProfileMeta>(await t.call('profiles.add', newProfile(LIVE_KEY, { environment: 'live' }))).environment).toBe('live');
  });

  it('keeps a session-only key in memory: neither the vault nor the store sees it', async () => {
    const t = makeCore();
    const meta = ok<ProfileMeta>(await t.call('profiles.add', newProfile(TEST_KEY, { session_only: true })));
    expect(t.vault.stored.size).toBe(0);
    expect(t.store.get('profiles')).toBeUndefined();
    expect(ok<{ profiles: ProfileMeta[] }>(await t.call('profiles.list', {})).profiles.map((p) => p.id)).toEqual([meta.id]);
    expect(t.core.profiles.keyOf(meta.id)).toBe(TEST_KEY);
  });

  it('on basic_text refuses to persist and says so, but accepts a session-only key', async () => {
    const t = makeCore({ backend: 'basic_text' });
    const refused = await t.call('profiles.add', newProfile());
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.kind).toBe('vault');
      expect(refused.error.code).toBe('vault_basic_text');
      expect(refused.error.message).toMatch(/only be obfuscated.*session-only/s);
    }
    expect(t.vault.stored.size).toBe(0);
    expect(t.store.data.size).toBe(0);
    expect(ok<{ profiles: ProfileMeta[] }>(await t.call('profiles.list', {})).profiles).toEqual([]);
    const info = ok<{ vault_backend: string }>(await t.call('app.info', {}));
    expect(info.vault_backend).toBe('basic_text');
    expect(ok<ProfileMeta>(await t.call('profiles.add', newProfile(TEST_KEY, { session_only: true }))).session_only).toBe(true);
  });

  it('when encryption is unavailable, refuses persistence with kind vault', async () => {
    const t = makeCore({ backend: 'unavailable' });
    const r = await t.call('profiles.add', newProfile());
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'vault', code: 'vault_unavailable' });
  });
});

describe('profiles: the clipboard (a page that is not trusted asks for it)', () => {
  const fromClipboard = (extra: Record<string, unknown> = {}) => ({ ...newProfile(), key: { source: 'clipboard' }, ...extra });

  it('asks the user first, naming the host the key would go to, and reads nothing on a no', async () => {
    const t = makeCore();
    t.host.clipboard = TEST_KEY;
    const read = vi.spyOn(t.host, 'readClipboardText');
    t.host.answerKeyUse = () => false;
    const r = await t.call('profiles.add', fromClipboard({ base_url: 'https://collector.evil.example:8443/v1', name: 'Totally legit' }));
    expect(r.ok ? null : r.error).toEqual({ kind: 'cancelled', code: 'clipboard_declined', message: 'The key on the clipboard was not used.' });
    expect(t.host.keyQuestions).toEqual([{ host: 'collector.evil.example:8443', baseUrl: 'https://collector.evil.example:8443/v1', profileName: 'Totally legit', purpose: 'add' }]);
    expect(read).not.toHaveBeenCalled();
    expect(t.host.clipboard).toBe(TEST_KEY);
    expect(t.vault.stored.size).toBe(0);
    expect(t.core.profiles.list().profiles).toEqual([]);
    expect(t.api.calls).toEqual([]);
    expect(JSON.stringify(r)).not.toContain(TEST_KEY.slice(-4));
  });

  it('uses only text shaped like an API key, and says nothing about other text (not even its last four)', async () => {
    const t = makeCore();
    for (const text of ['ghp_R2d2C3p0AbCdEfGhIjKlMnOpQrStUvWx9876', 'correct-horse-battery-staple-2024', `${TEST_KEY}x`, TEST_KEY.toUpperCase()]) {
      t.host.clipboard = text;
      const r = await t.call('profiles.add', fromClipboard());
      expect(r.ok ? null : r.error, text).toMatchObject({ kind: 'invalid_input', code: 'clipboard_not_a_key', field_errors: [{ path: 'key' }] });
      expect(JSON.stringify(r)).not.toContain(text.slice(-4));
      expect(t.host.clipboard).toBe(text);
    }
    expect(t.vault.stored.size).toBe(0);
  });

  it('empties the clipboard once the key is saved, but only while it still holds that key', async () => {
    const t = makeCore();
    t.host.clipboard = `${TEST_KEY}\n`;
    const meta = ok<ProfileMeta>(await t.call('profiles.add', fromClipboard()));
    expect(meta.key_last4).toBe(TEST_KEY.slice(-4));
    expect(t.host.clipboard).toBe('');

    // Something else was copied between the read and the save: it stays.
    const u = makeCore();
    u.host.clipboard = TEST_KEY;
    const original = u.host.readClipboardText.bind(u.host);
    vi.spyOn(u.host, 'readClipboardText').mockImplementationOnce(original).mockImplementation(async () => 'a newer copy');
    ok<ProfileMeta>(await u.call('profiles.add', fromClipboard()));
    expect(u.host.clipboard).toBe(TEST_KEY);
  });

  it('on a computer without a keyring, refuses a saved profile before asking or reading anything', async () => {
    const t = makeCore({ backend: 'basic_text' });
    t.host.clipboard = TEST_KEY;
    const r = await t.call('profiles.add', fromClipboard());
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'vault', code: 'vault_basic_text' });
    expect(t.host.keyQuestions).toEqual([]);
    expect(t.host.clipboard).toBe(TEST_KEY);
    // The session-only retry asks, reads and then empties the clipboard.
    expect(ok<ProfileMeta>(await t.call('profiles.add', fromClipboard({ session_only: true }))).session_only).toBe(true);
    expect(t.host.keyQuestions).toHaveLength(1);
    expect(t.host.clipboard).toBe('');
  });

  it('asks again for a replaced key, naming the profile and its host', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    t.host.clipboard = TEST_KEY_2;
    t.host.answerKeyUse = (q) => q.purpose === 'replace';
    expect(ok<ProfileMeta>(await t.call('profiles.replaceKey', { id: a.id, key: { source: 'clipboard' } })).key_last4).toBe(TEST_KEY_2.slice(-4));
    expect(t.host.keyQuestions).toEqual([{ host: 'api.example.test', baseUrl: BASE_URL, profileName: 'Acme', purpose: 'replace' }]);
    expect(t.vault.read(a.id)).toBe(TEST_KEY_2);
    expect(t.host.clipboard).toBe('');
  });

  it('a dialog that fails counts as a no', async () => {
    const t = makeCore();
    t.host.clipboard = TEST_KEY;
    t.host.answerKeyUse = () => { throw new Error('no display'); };
    expect((await t.call('profiles.add', fromClipboard())).ok).toBe(false);
    expect(t.vault.stored.size).toBe(0);
  });
});

describe('profiles: plaintext keys are pruned', () => {
  it('a replaced or removed key leaves the redactor list and the client cache', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    const b = ok<ProfileMeta>(await t.call('profiles.add', { ...newProfile(LIVE_KEY, { environment: 'live', session_only: true }), name: 'Live' }));
    await t.call('profiles.activate', { id: a.id });
    await t.call('api.call', { route: 'business.get' });
    expect([...t.core.profiles.knownSecrets()].sort()).toEqual([LIVE_KEY, TEST_KEY].sort());
    expect(t.core.api.cachedProfiles()).toEqual([a.id]);

    await t.call('profiles.replaceKey', { id: a.id, key: { source: 'typed', key: TEST_KEY_2 } });
    expect([...t.core.profiles.knownSecrets()].sort()).toEqual([LIVE_KEY, TEST_KEY_2].sort());
    expect(t.core.api.cachedProfiles()).toEqual([]);

    await t.call('api.call', { route: 'business.get' });
    await t.call('profiles.remove', { id: a.id });
    await t.call('profiles.remove', { id: b.id });
    expect([...t.core.profiles.knownSecrets()]).toEqual([]);
    expect(t.core.api.cachedProfiles()).toEqual([]);
  });

  it('two profiles with the same key: removing one keeps the key known for the other', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    ok<ProfileMeta>(await t.call('profiles.add', { ...newProfile(), name: 'Same key' }));
    await t.call('profiles.remove', { id: a.id });
    expect([...t.core.profiles.knownSecrets()]).toEqual([TEST_KEY]);
  });
});

describe('profiles: lifecycle', () => {
  it('renames, replaces the key, switches, removes and wipes the ciphertext', async () => {
    const t = makeCore();
    const events: (string | null)[] = [];
    t.core.events.on((_e, payload) => events.push((payload as { active_id: string | null }).active_id));
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    const b = ok<ProfileMeta>(await t.call('profiles.add', { ...newProfile(TEST_KEY_2), name: 'Other business' }));
    expect(ok<ProfileMeta>(await t.call('profiles.activate', { id: a.id })).id).toBe(a.id);
    expect(ok<ProfileMeta>(await t.call('profiles.rename', { id: a.id, name: '  Acme Ltd ' })).name).toBe('Acme Ltd');

    const replaced = ok<ProfileMeta>(await t.call('profiles.replaceKey', { id: a.id, key: { source: 'typed', key: TEST_KEY_2 } }));
    expect(replaced).toMatchObject({ key_last4: '7654', status: 'untested' });
    expect(t.vault.read(a.id)).toBe(TEST_KEY_2);

    await t.call('api.call', { route: 'business.get' });
    expect(t.api.builtWith.at(-1)?.apiKey).toBe(TEST_KEY_2);

    expect(ok(await t.call('profiles.remove', { id: a.id }))).toEqual({ removed: true });
    expect(t.vault.read(a.id)).toBeNull();
    expect(t.vault.stored.has(a.id)).toBe(false);
    const list = ok<{ profiles: ProfileMeta[]; active_id: string | null }>(await t.call('profiles.list', {}));
    expect(list.profiles.map((p) => p.id)).toEqual([b.id]);
    expect(list.active_id).toBeNull();
    expect(events.at(-1)).toBeNull();
    expect(events).toContain(a.id);
  });

  it('persists saved profiles and the active one across restarts', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    await t.call('profiles.activate', { id: a.id });
    const again = new ProfileService(t.vault, t.store, t.host, () => {});
    expect(again.active()?.id).toBe(a.id);
    expect(again.keyOf(a.id)).toBe(TEST_KEY);
  });

  it('rebuilds the client when the key changes and reuses it otherwise', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    await t.call('profiles.activate', { id: a.id });
    await t.call('api.call', { route: 'business.get' });
    await t.call('api.call', { route: 'customers.list' });
    expect(t.api.builtWith).toHaveLength(1);
    await t.call('profiles.replaceKey', { id: a.id, key: { source: 'typed', key: TEST_KEY_2 } });
    await t.call('api.call', { route: 'customers.list' });
    expect(t.api.builtWith.map((b) => b.apiKey)).toEqual([TEST_KEY, TEST_KEY_2]);
  });

  it('unknown profile ids give no_profile', async () => {
    const t = makeCore();
    const r = await t.call('profiles.activate', { id: 'missing' });
    expect(r.ok ? null : r.error.kind).toBe('no_profile');
  });
});

describe('profiles: learning from answers', () => {
  const denied = (code: string, status = 403) => () => {
    throw new ApiError({ kind: 'api', status, code, message: code, request_id: 'r' });
  };

  it('a success adds the route permission; 403 insufficient_permission removes it; 401 marks the profile', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    await t.call('profiles.activate', { id: a.id });
    await t.call('api.call', { route: 'customers.list' });
    await t.call('api.call', { route: 'leads.convert', params: { id: 'x' }, body: { mode: 'DEFAULT' } });
    expect(t.core.profiles.get(a.id)).toMatchObject({ status: 'ok', permissions_known: ['customers:read', 'leads:write', 'customers:write'] });

    t.api.routes['customers.list'] = denied('insufficient_permission');
    await t.call('api.call', { route: 'customers.list' });
    expect(t.core.profiles.get(a.id).permissions_known).toEqual(['leads:write', 'customers:write']);

    t.api.routes['leads.convert'] = denied('insufficient_permission');
    await t.call('api.call', { route: 'leads.convert', params: { id: 'x' }, body: { mode: 'DEFAULT' } });
    expect(t.core.profiles.get(a.id).permissions_known).toEqual(['leads:write', 'customers:write']);

    t.api.routes['business.get'] = denied('expired_api_key', 401);
    await t.call('api.call', { route: 'business.get' });
    expect(t.core.profiles.get(a.id)).toMatchObject({ status: 'error', status_code: 'expired_api_key' });

    t.api.routes['business.get'] = denied('ip_not_allowed');
    await t.call('api.call', { route: 'business.get' });
    expect(t.core.profiles.get(a.id)).toMatchObject({ status: 'error', status_code: 'ip_not_allowed' });
  });

  it('profiles.test reads the business name and sorts read areas into readable and denied', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    t.api.routes['business.get'] = () => ({ data: { name: 'אקמה בע"מ' }, request_id: 'r' });
    const deniedAreas = new Set(['suppliers.list', 'documents.list', 'expenses.list']);
    for (const route of ['suppliers.list', 'documents.list', 'expenses.list'] as const) {
      t.api.routes[route] = denied('insufficient_permission');
    }
    const r = ok<{ business_name: string; readable: string[]; denied: string[]; profile: ProfileMeta }>(await t.call('profiles.test', { id: a.id }));
    expect(r.business_name).toBe('אקמה בע"מ');
    expect(r.denied.sort()).toEqual(['documents:read', 'expenses:read', 'suppliers:read']);
    expect(r.readable.sort()).toEqual(['business:read', 'customers:read', 'inventory:read', 'leads:read', 'payments:read', 'products:read', 'tags:read', 'tasks:read']);
    expect(r.profile).toMatchObject({ status: 'ok', business_name: 'אקמה בע"מ' });
    // What it may read, and the writes its probes were let through for (the outbox takes only known writes).
    expect([...r.profile.permissions_known].sort()).toEqual([...r.readable, ...(r as unknown as { writable: string[] }).writable].sort());
    const probes = t.api.calls.filter((c) => c.routeId !== 'business.get');
    expect(probes.every((c) => c.input.query?.limit === 1)).toBe(true);
    expect(probes.filter((c) => deniedAreas.has(c.routeId))).toHaveLength(3);
  });

  it('profiles.test also learns the write permissions without writing: one probe per permission, and the expense feature', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    t.api.routes['business.get'] = () => ({ data: { name: 'Acme' }, request_id: 'r' });
    t.api.probes['customers.create'] = 'denied';
    t.api.probes['inventory.update'] = 'denied';
    t.api.probes['expenses.create'] = 'feature_disabled';
    const r = ok<{ writable: string[]; write_denied: string[]; expenses_enabled: boolean | null }>(await t.call('profiles.test', { id: a.id }));
    expect(r.write_denied.sort()).toEqual(['customers:write', 'inventory:write']);
    expect(r.writable.sort()).toEqual(['documents:write', 'expenses:write', 'leads:write', 'products:write', 'suppliers:write', 'tags:write', 'tasks:write']);
    expect(r.expenses_enabled).toBe(false);
    // Probes go through write routes that need only that permission; nothing went through call().
    expect(t.api.probed.map((p) => p.routeId).sort()).toEqual([
      'customers.create', 'documentDrafts.create', 'expenses.create', 'inventory.update', 'leads.create', 'products.create', 'suppliers.create', 'tags.create', 'tasks.create',
    ]);
    expect(t.api.calls.every((c) => ROUTES[c.routeId].method === 'GET')).toBe(true);
  });
});

describe('ui language', () => {
  it('ui.setLanguage tells the host which language its native dialogs speak, and refuses others', async () => {
    const t = makeCore();
    expect(await t.call('ui.setLanguage', { language: 'he' })).toEqual({ ok: true, data: { language: 'he' } });
    expect(t.host.uiLanguage).toBe('he');
    const bad = await t.call('ui.setLanguage', { language: 'fr' });
    expect(bad.ok ? null : bad.error.kind).toBe('invalid_input');
    expect(t.host.uiLanguage).toBe('he');
  });
});

describe('demo profile', () => {
  it('starts the sandbox, saves a test profile (metadata only, no key) with the owner key and activates it', async () => {
    const t = makeCore();
    t.api.routes['business.get'] = () => ({ data: { name: 'Demo Ltd' }, request_id: 'r' });
    const meta = ok<ProfileMeta>(await t.call('demo.start', {}));
    expect(meta).toMatchObject({ is_demo: true, environment: 'test', session_only: false, base_url: 'http://127.0.0.1:45678/v1', business_name: 'Demo Ltd', key_last4: '7654' });
    expect(t.core.profiles.active()?.id).toBe(meta.id);
    expect(t.vault.stored.size).toBe(0);
    expect(t.store.get<ProfileMeta[]>('profiles')?.map((p) => [p.id, p.is_demo])).toEqual([[meta.id, true]]);
    expect(t.store.get('active_profile_id')).toBe(meta.id);
    expect(t.store.dump()).not.toContain(TEST_KEY_2);
    expect(t.api.builtWith).toEqual([{ baseUrl: 'http://127.0.0.1:45678/v1', apiKey: TEST_KEY_2 }]);
    const again = ok<ProfileMeta>(await t.call('demo.start', {}));
    expect(again.id).toBe(meta.id);
    expect(t.demo.started).toBe(2);
    expect(ok<{ profiles: ProfileMeta[] }>(await t.call('profiles.list', {})).profiles).toHaveLength(1);
    expect(ok(await t.call('demo.reset', {}))).toEqual({ reset: true });
    expect(t.demo.resets).toBe(1);
  });

  it('refuses to replace the demo key (the sandbox owns it)', async () => {
    const t = makeCore();
    const meta = ok<ProfileMeta>(await t.call('demo.start', {}));
    const r = await t.call('profiles.replaceKey', { id: meta.id, key: { source: 'typed', key: TEST_KEY } });
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'invalid_request' });
    expect(t.core.profiles.keyOf(meta.id)).toBe(TEST_KEY_2);
  });

  it('removing the demo profile stops the sandbox; removing another profile does not', async () => {
    const t = makeCore();
    const other = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    const meta = ok<ProfileMeta>(await t.call('demo.start', {}));
    expect(ok(await t.call('profiles.remove', { id: other.id }))).toEqual({ removed: true });
    expect(t.demo.stops).toBe(0);
    expect(ok(await t.call('profiles.remove', { id: meta.id }))).toEqual({ removed: true });
    expect(t.demo.stops).toBe(1);
    expect(t.store.get<ProfileMeta[]>('profiles')).toEqual([]);
    expect(t.core.profiles.active()).toBeNull();
  });
});

describe('profiles: what a request reads', () => {
  it('an API call reads neither the settings file nor the keyring again: the profile list and a saved key are read once, and a change is seen at once', async () => {
    const t = makeCore();
    const a = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    ok(await t.call('profiles.activate', { id: a.id }));
    const reads = vi.spyOn(t.store, 'get');
    const keys = vi.spyOn(t.vault, 'read');
    for (let i = 0; i < 10; i++) ok(await t.call('api.call', { route: 'customers.list', query: { limit: 5 } }));
    expect(t.api.calls).toHaveLength(10);
    expect(reads.mock.calls.filter(([k]) => k === 'profiles').length).toBeLessThanOrEqual(1);
    expect(keys.mock.calls.length).toBeLessThanOrEqual(1);
    // Renamed, and its key replaced: the next read and the next call see both.
    ok(await t.call('profiles.rename', { id: a.id, name: 'Beta' }));
    expect(ok<{ profiles: ProfileMeta[] }>(await t.call('profiles.list', {})).profiles.map((p) => p.name)).toEqual(['Beta']);
    ok(await t.call('profiles.replaceKey', { id: a.id, key: { source: 'typed', key: TEST_KEY_2 } }));
    ok(await t.call('api.call', { route: 'customers.list', query: { limit: 5 } }));
    expect(t.api.calls.at(-1)!.apiKey).toBe(TEST_KEY_2);
  });
});
