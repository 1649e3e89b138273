import type { TableView, TableViews } from '../../shared';
import { invoke } from '../bridge/invoke';
import { clearTableStates } from '../rules/tableMemory';

/**
 * The table views main keeps for each profile (views.get / views.save): what each table shows now,
 * its named views and which one was applied. Loaded once per profile; every change is written back
 * a moment later, one write per table.
 */

type Tables = Record<string, TableViews>;

const loaded = new Map<string, Tables>();
const loading = new Map<string, Promise<void>>();
let profile: string | null = null;
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const SAVE_DELAY_MS = 300;

const emit = () => { for (const l of listeners) l(); };

/**
 * The views of this profile, which becomes the one tables read and write. Starts loading them once;
 * the promise is the same for every caller (React's `use` suspends on it). A failed load leaves
 * the tables at their defaults and never blocks a screen.
 */
export function viewsFor(profileId: string): Promise<void> {
  // This visit's table states were another profile's: its tables start from their own kept views.
  if (profile !== null && profile !== profileId) clearTableStates();
  profile = profileId;
  let p = loading.get(profileId);
  if (!p) {
    p = invoke('views.get', { profile_id: profileId })
      .then((r) => { loaded.set(profileId, { ...r.tables, ...(loaded.get(profileId) ?? {}) }); })
      .catch(() => { if (!loaded.has(profileId)) loaded.set(profileId, {}); })
      .finally(emit);
    loading.set(profileId, p);
  }
  return p;
}

/** True once the views tables read now (or this profile's, when it is that one) are in: a screen can read them without waiting. */
export const viewsLoaded = (profileId: string | null = profile): boolean => profileId !== null && profile === profileId && loaded.has(profileId);

/** Resolves once the active profile's views are in (at once when there is no profile yet). */
export const viewsSettled = (): Promise<void> => (profile === null ? Promise.resolve() : loading.get(profile) ?? Promise.resolve());

export function tableViews(area: string): TableViews | undefined {
  return profile === null ? undefined : loaded.get(profile)?.[area];
}

export function subscribeViews(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function put(area: string, next: TableViews): void {
  const id = profile;
  if (id === null) return;
  loaded.set(id, { ...(loaded.get(id) ?? {}), [area]: next });
  emit();
  const key = `${id}\u0000${area}`;
  clearTimeout(timers.get(key));
  timers.set(key, setTimeout(() => {
    timers.delete(key);
    // The newest state of that table wins; a failed write is tried again with the next change.
    const views = loaded.get(id)?.[area];
    if (views) void invoke('views.save', { profile_id: id, area, views }).catch(() => undefined);
  }, SAVE_DELAY_MS));
}

// A window closing within the save delay still keeps what the tables showed last.
globalThis.addEventListener?.('pagehide', () => {
  for (const [key, timer] of timers) {
    clearTimeout(timer);
    const [id, area] = key.split('\u0000') as [string, string];
    const views = loaded.get(id)?.[area];
    if (views) void invoke('views.save', { profile_id: id, area, views }).catch(() => undefined);
  }
  timers.clear();
});

const same = (a: TableView, b: TableView) => JSON.stringify(a) === JSON.stringify(b);

/** What the table shows now (kept as its current view; a table never changed from `defaults` writes nothing). */
export function rememberCurrent(area: string, view: TableView, defaults?: TableView): void {
  const prev = tableViews(area);
  if (prev ? same(prev.current, view) : defaults !== undefined && same(defaults, view)) return;
  put(area, { named: [], active: null, ...prev, current: view });
}

/** Saves the table's view under a name (replacing a view of that name) and marks it applied. */
export function saveNamed(area: string, name: string, view: TableView): void {
  const prev = tableViews(area);
  const named = (prev?.named ?? []).filter((v) => v.name.toLocaleLowerCase() !== name.toLocaleLowerCase());
  put(area, { current: view, named: [...named, { name, view }], active: name });
}

export function removeNamed(area: string, name: string): void {
  const prev = tableViews(area);
  if (!prev) return;
  put(area, { ...prev, named: prev.named.filter((v) => v.name !== name), active: prev.active === name ? null : prev.active });
}

/** Marks a named view (or none: the default) as the one applied. */
export function markApplied(area: string, name: string | null, view: TableView): void {
  const prev = tableViews(area);
  put(area, { named: prev?.named ?? [], current: view, active: name });
}
