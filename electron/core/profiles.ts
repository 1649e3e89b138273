import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BASE_URL_REFUSED, MAX_PROFILES, TOO_MANY_PROFILES, baseUrlProblem, profileMetaSchema, type ProfileMeta, type ENVIRONMENTS } from '../../shared';
import { ClipboardKeys } from './clipboard-key';
import { CoreError } from './errors';
import { lastFour, normaliseKey } from './key-input';
import type { HostServices, JsonStore, KeyVault } from './ports';
import { SETTINGS_KEYS } from './settings-schema';

export type KeySource = { source: 'clipboard' } | { source: 'typed'; key: string };
export interface NewProfile {
  name: string;
  environment: (typeof ENVIRONMENTS)[number];
  base_url: string;
  key: KeySource;
  session_only: boolean;
  is_demo?: boolean;
}
export type ProfilePatch = Partial<Pick<ProfileMeta, 'status' | 'status_code' | 'business_name' | 'permissions_known' | 'base_url'>>;

const STORE_PROFILES = SETTINGS_KEYS.profiles;
const STORE_ACTIVE = SETTINGS_KEYS.activeProfile;
const storedProfiles = z.array(profileMetaSchema);

const VAULT_REFUSALS = {
  basic_text:
    'This computer has no system keyring, so a saved key would only be obfuscated, not encrypted. ' +
    'Use a session-only key instead: it is kept in memory and forgotten when you quit.',
  unavailable:
    'Secure key storage is not available on this computer. Use a session-only key instead: it is kept in memory and forgotten when you quit.',
} as const;

/** A new profile: its own id, untested, nothing learned yet. */
const freshMeta = (fields: Pick<ProfileMeta, 'name' | 'environment' | 'base_url' | 'key_last4' | 'is_demo' | 'session_only'>): ProfileMeta => ({
  id: randomUUID(), status: 'untested', status_code: null, business_name: null, permissions_known: [], ...fields,
});

/**
 * Connection profiles. Metadata of saved profiles lives in the JsonStore (renderer-safe: never a key);
 * keys live in the vault, or only in memory for session-only profiles.
 */
export class ProfileService {
  private readonly session = new Map<string, { meta: ProfileMeta; key: string }>();
  /** Keys the app derives at run time and never stores (the demo sandbox's owner key). */
  private readonly runtime = new Map<string, string>();
  /** The plaintext key each profile has in this process, for the redactor; dropped on replace and remove. */
  private readonly secrets = new Map<string, string>();
  /**
   * The saved profiles as last read, checked: every API call asks for its profile, and reading the
   * settings file and checking it each time cost main's thread a parse per request. This class is
   * their only writer (writeSaved reads them afresh after).
   */
  private savedNow: ProfileMeta[] | null = null;
  private readonly clipboard: ClipboardKeys;
  private activeId: string | null;

  constructor(
    private readonly vault: KeyVault,
    private readonly store: JsonStore,
    host: HostServices,
    private readonly changed: (activeId: string | null) => void,
  ) {
    const saved = this.store.get<string>(STORE_ACTIVE) ?? null;
    this.activeId = saved !== null && this.saved().some((p) => p.id === saved) ? saved : null;
    this.clipboard = new ClipboardKeys(host);
  }

  /** The keys of the profiles this process holds now, for the log redactor. */
  knownSecrets(): Iterable<string> {
    return new Set(this.secrets.values());
  }

  list(): { profiles: ProfileMeta[]; active_id: string | null } {
    return { profiles: [...this.saved(), ...[...this.session.values()].map((s) => s.meta)], active_id: this.activeId };
  }

  get(id: string): ProfileMeta {
    const found = this.session.get(id)?.meta ?? this.saved().find((p) => p.id === id);
    if (!found) throw new CoreError('no_profile', 'That connection profile does not exist.');
    return found;
  }

  active(): ProfileMeta | null {
    return this.activeId === null ? null : this.get(this.activeId);
  }

  /** The key of a profile, for the API client only. Never leaves the main process. */
  keyOf(id: string): string {
    // A saved key read once is kept with the others this process holds (secrets), not decrypted again per request.
    const inMemory = this.session.get(id)?.key ?? this.runtime.get(id) ?? this.secrets.get(id);
    if (inMemory !== undefined) return inMemory;
    if (this.get(id).is_demo) throw new CoreError('no_profile', 'The demo sandbox is not running yet.');
    let key: string | null;
    try {
      key = this.vault.read(id);
    } catch {
      key = null;
    }
    if (key === null) throw new CoreError('vault', 'The saved key of this profile could not be read. Replace the key to continue.');
    this.secrets.set(id, key);
    return key;
  }

  /** A clipboard key is read only after the user agreed in a dialog naming the host (ClipboardKeys). */
  async add(input: NewProfile): Promise<ProfileMeta> {
    // Refusals are said before the user is asked anything.
    this.assertRoom();
    if (!input.session_only) this.assertPersistable();
    const key = normaliseKey(await this.readKey(input.key, input.base_url, input.name, 'add'), input.environment);
    const meta = freshMeta({
      name: input.name, environment: input.environment, base_url: input.base_url, key_last4: lastFour(key),
      is_demo: input.is_demo ?? false, session_only: input.session_only,
    });
    if (input.session_only) {
      this.session.set(meta.id, { meta, key });
    } else {
      this.storeKey(meta.id, key);
      this.writeSaved([...this.saved(), meta]);
    }
    this.secrets.set(meta.id, key);
    if (input.key.source === 'clipboard') await this.clipboard.release(key);
    this.changed(this.activeId);
    return meta;
  }

  /** True when a saved demo profile has no key yet in this process (the sandbox has to start first). */
  needsDemoKey(id: string): boolean {
    return this.get(id).is_demo && !this.session.has(id) && !this.runtime.has(id);
  }

  /**
   * Saves the demo profile's metadata like any other profile, but never its key: the sandbox's
   * owner key is derived from its seed, so each launch gets it again from the running sandbox.
   */
  saveDemo(name: string, baseUrl: string, key: string): ProfileMeta {
    this.assertRoom();
    const meta = freshMeta({ name, environment: 'test', base_url: baseUrl, key_last4: lastFour(key), is_demo: true, session_only: false });
    this.secrets.set(meta.id, key);
    this.runtime.set(meta.id, key);
    this.writeSaved([...this.saved(), meta]);
    this.changed(this.activeId);
    return meta;
  }

  /** Gives a saved demo profile the key and base URL of the sandbox running now (its port is random). */
  attachDemoKey(id: string, baseUrl: string, key: string): ProfileMeta {
    if (!this.get(id).is_demo) throw new CoreError('invalid_request', 'Only the demo profile takes the demo sandbox key.');
    this.secrets.set(id, key);
    this.runtime.set(id, key);
    return this.update(id, { base_url: baseUrl }, undefined, lastFour(key));
  }

  rename(id: string, name: string): ProfileMeta {
    return this.update(id, {}, name);
  }

  /** The old key is forgotten here (secrets); the caller drops the cached client (ApiSession.forget). */
  async replaceKey(id: string, source: KeySource): Promise<ProfileMeta> {
    const current = this.get(id);
    if (current.is_demo) throw new CoreError('invalid_request', 'The demo profile uses the demo sandbox key; it cannot be replaced.');
    const inMemory = this.session.get(id);
    if (!inMemory) this.assertPersistable();
    const key = normaliseKey(await this.readKey(source, current.base_url, current.name, 'replace'), current.environment);
    if (inMemory) inMemory.key = key;
    else this.storeKey(id, key);
    this.secrets.set(id, key);
    if (source.source === 'clipboard') await this.clipboard.release(key);
    return this.update(id, { status: 'untested', status_code: null, permissions_known: [] }, undefined, lastFour(key));
  }

  remove(id: string): void {
    this.get(id);
    this.runtime.delete(id);
    this.secrets.delete(id);
    if (!this.session.delete(id)) {
      this.vault.remove(id);
      this.writeSaved(this.saved().filter((p) => p.id !== id));
    }
    if (this.activeId === id) this.setActive(null);
    this.changed(this.activeId);
  }

  activate(id: string): ProfileMeta {
    const meta = this.get(id);
    this.setActive(id);
    this.changed(id);
    return meta;
  }

  update(id: string, patch: ProfilePatch, name?: string, keyLast4?: string): ProfileMeta {
    const current = this.get(id);
    const next: ProfileMeta = { ...current, ...patch, ...(name !== undefined ? { name } : {}), ...(keyLast4 !== undefined ? { key_last4: keyLast4 } : {}) };
    const inMemory = this.session.get(id);
    if (inMemory) inMemory.meta = next;
    else this.writeSaved(this.saved().map((p) => (p.id === id ? next : p)));
    if (name !== undefined || keyLast4 !== undefined) this.changed(this.activeId);
    return next;
  }

  private setActive(id: string | null): void {
    this.activeId = id;
    const persistent = id !== null && !this.session.has(id);
    if (persistent) this.store.set(STORE_ACTIVE, id);
    else this.store.delete(STORE_ACTIVE);
  }

  private async readKey(source: KeySource, baseUrl: string, profileName: string, purpose: 'add' | 'replace'): Promise<string> {
    return source.source === 'typed' ? source.key : this.clipboard.take(baseUrl, profileName, purpose);
  }

  private assertRoom(): void {
    if (this.list().profiles.length >= MAX_PROFILES) {
      throw new CoreError('invalid_request', `This app keeps at most ${MAX_PROFILES} connection profiles. Remove one you no longer use, then add this one.`, { code: TOO_MANY_PROFILES });
    }
  }

  private assertPersistable(): void {
    const backend = this.vault.backend();
    if (backend !== 'os') throw new CoreError('vault', VAULT_REFUSALS[backend], { code: `vault_${backend}` });
  }

  private storeKey(id: string, key: string): void {
    try {
      this.vault.store(id, key);
    } catch {
      throw new CoreError('vault', 'The key could not be stored securely. Use a session-only key instead.');
    }
  }

  /**
   * The saved profiles, checked as they load: one whose base URL the contract refuses (an older
   * build's http:// address, or a hand-edited file) is shown as needing a new address, and
   * ApiSession never builds a client for it.
   */
  private saved(): ProfileMeta[] {
    if (this.savedNow) return this.savedNow;
    const parsed = storedProfiles.safeParse(this.store.get<unknown>(STORE_PROFILES) ?? []);
    this.savedNow = parsed.success ? parsed.data.map((p) => (baseUrlProblem(p.base_url) === null ? p : { ...p, status: 'error', status_code: BASE_URL_REFUSED })) : [];
    return this.savedNow;
  }

  private writeSaved(list: ProfileMeta[]): void {
    this.store.set(STORE_PROFILES, list);
    this.savedNow = null;
  }
}
