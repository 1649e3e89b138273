import type { GroupKey } from '../resources/types';
import { withAllTexts } from '../i18n';
import { groupOf } from '../resources/groups';
import { preloadable, preloadableValue } from '../lib/preloadable';
import type { AreaGroup } from './group';

/** One lazy chunk per navigation group keeps the first chunk small; each waits for every text too. */
const group = (load: () => Promise<{ default: AreaGroup }>) => preloadableValue(withAllTexts(() => load().then((m) => m.default)));

export const GROUP_CODE = {
  sales: group(() => import('./sales')),
  catalog: group(() => import('./catalog')),
  documents: group(() => import('./documents')),
  expenses: group(() => import('./expenses')),
  settings: group(() => import('./settings')),
} satisfies Record<GroupKey, unknown>;

/** Each kind of screen is its own chunk: a first visit to a list loads no form or record code. */
export const SCREENS = {
  list: preloadable(() => import('../screens/list/ListScreen').then((m) => m.ListScreen)),
  record: preloadable(() => import('../screens/detail/DetailScreen').then((m) => m.DetailScreen)),
  form: preloadable(() => import('../screens/form/FormScreen').then((m) => m.FormScreen)),
};

/** The app's own screens (not areas of the API), each its own chunk. */
export const APP_SCREENS = {
  profiles: preloadable(withAllTexts(() => import('../screens/profiles/ProfilesScreen').then((m) => m.default))),
  activity: preloadable(withAllTexts(() => import('../screens/activity/ActivityScreen').then((m) => m.default))),
  review: preloadable(withAllTexts(() => import('../screens/expenses/ReviewQueue').then((m) => m.ReviewQueue))),
  localCopy: preloadable(withAllTexts(() => import('../screens/localcopy/LocalCopyScreen').then((m) => m.default))),
  home: preloadable(withAllTexts(() => import('../screens/home/HomeScreen').then((m) => m.default))),
  leadBoard: preloadable(withAllTexts(() => import('../screens/leads/LeadBoard').then((m) => m.default))),
  outbox: preloadable(withAllTexts(() => import('../screens/outbox/OutboxScreen').then((m) => m.default))),
  outboxEntry: preloadable(withAllTexts(() => import('../screens/outbox/EntryScreen').then((m) => m.default))),
};

/**
 * Loads what an area's screen needs, its group's code and the screen's own. The route loaders wait
 * for it: the new screen then renders without suspending, since a suspended screen shows the loading
 * fallback and React holds that for 300 ms even when the code arrives a moment later. Never rejects:
 * a chunk that fails to load is reported by the screen's own load.
 */
export function preloadArea(area: string, screen: keyof typeof SCREENS): Promise<void> | undefined {
  const g = groupOf(area);
  // Already in: nothing to wait for, and a loader that returns no promise lets the router commit in the same task.
  if ((!g || GROUP_CODE[g].value()) && SCREENS[screen].ready()) return undefined;
  return Promise.all([g ? GROUP_CODE[g].load() : undefined, SCREENS[screen].preload()]).then(() => undefined, () => undefined);
}

/** An app screen's code, for its route's loader (undefined when it is in). */
export const preloadAppScreen = (screen: keyof typeof APP_SCREENS): Promise<void> | undefined =>
  APP_SCREENS[screen].ready() ? undefined : APP_SCREENS[screen].preload().catch(() => undefined);
