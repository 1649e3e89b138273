import { areaKeySchema, tableViewsSchema, themeSchema, VIEW_LIMITS, type ProfileViews, type TableViews, type Theme } from '../../shared';
import { CoreError } from './errors';
import type { JsonStore } from './ports';

const STORE_THEME = 'ui_theme';
const STORE_VIEWS = 'table_views';

/**
 * The user's way of looking at the app, kept in the settings store next to the profiles: the
 * theme, and per profile the views of each table. What the store holds is parsed on the way out,
 * so a hand-edited or older file costs a view, never a start.
 */
export class UiSettings {
  constructor(
    private readonly store: JsonStore,
    /** Throws no_profile for an id that names no profile. */
    private readonly requireProfile: (id: string) => void,
  ) {}

  theme(): Theme {
    const parsed = themeSchema.safeParse(this.store.get(STORE_THEME));
    return parsed.success ? parsed.data : 'system';
  }

  setTheme(theme: Theme): Theme {
    this.store.set(STORE_THEME, theme);
    return theme;
  }

  views(profileId: string): ProfileViews {
    this.requireProfile(profileId);
    return this.read()[profileId] ?? {};
  }

  saveViews(profileId: string, area: string, views: TableViews): void {
    this.requireProfile(profileId);
    const all = this.read();
    const tables = { ...(all[profileId] ?? {}), [area]: views };
    if (Object.keys(tables).length > VIEW_LIMITS.tables) throw new CoreError('invalid_input', `At most ${VIEW_LIMITS.tables} tables keep a view.`);
    this.store.set(STORE_VIEWS, { ...all, [profileId]: tables });
  }

  /** A removed profile's views go with it. */
  forget(profileId: string): void {
    const all = this.read();
    if (!(profileId in all)) return;
    delete all[profileId];
    this.store.set(STORE_VIEWS, all);
  }

  private read(): Record<string, ProfileViews> {
    const raw = this.store.get<unknown>(STORE_VIEWS);
    if (typeof raw !== 'object' || raw === null) return {};
    const out: Record<string, ProfileViews> = {};
    for (const [id, tables] of Object.entries(raw)) {
      if (typeof tables !== 'object' || tables === null) continue;
      const kept: ProfileViews = {};
      for (const [area, views] of Object.entries(tables).slice(0, VIEW_LIMITS.tables)) {
        const parsed = tableViewsSchema.safeParse(views);
        if (areaKeySchema.safeParse(area).success && parsed.success) kept[area] = parsed.data;
      }
      out[id] = kept;
    }
    return out;
  }
}
