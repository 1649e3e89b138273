import { areaKeySchema, tableViewsSchema, themeSchema, VIEW_LIMITS, type ProfileMeta, type ProfileViews, type TableViews, type Theme } from '../../shared';
import { CoreError } from './errors';
import type { ProfileData, ProfileScoped } from './profile-data';
import type { JsonStore } from './ports';
import { SETTINGS_KEYS } from './settings-schema';

const STORE_THEME = SETTINGS_KEYS.theme;

/** A profile's table views as stored; a table whose view no longer parses is left out. */
function parseViews(raw: unknown): ProfileViews | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const kept: ProfileViews = {};
  for (const [area, views] of Object.entries(raw).slice(0, VIEW_LIMITS.tables)) {
    const parsed = tableViewsSchema.safeParse(views);
    if (areaKeySchema.safeParse(area).success && parsed.success) kept[area] = parsed.data;
  }
  return kept;
}

/**
 * The user's way of looking at the app: the theme (for the app, in the settings store) and per
 * profile the views of each table (a saved profile's in the settings store, a session-only
 * profile's in memory only: a view's search text may be a customer's name).
 */
export class UiSettings {
  private readonly tableViews: ProfileScoped<ProfileViews>;

  constructor(
    private readonly store: JsonStore,
    data: ProfileData,
    /** The profile of an id; throws no_profile for an id that names none. */
    private readonly profileOf: (id: string) => ProfileMeta,
  ) {
    this.tableViews = data.kind(SETTINGS_KEYS.tableViews, parseViews);
  }

  theme(): Theme {
    const parsed = themeSchema.safeParse(this.store.get(STORE_THEME));
    return parsed.success ? parsed.data : 'system';
  }

  setTheme(theme: Theme): Theme {
    this.store.set(STORE_THEME, theme);
    return theme;
  }

  views(profileId: string): ProfileViews {
    return this.tableViews.get(this.profileOf(profileId)) ?? {};
  }

  saveViews(profileId: string, area: string, views: TableViews): void {
    const owner = this.profileOf(profileId);
    const tables = { ...(this.tableViews.get(owner) ?? {}), [area]: views };
    if (Object.keys(tables).length > VIEW_LIMITS.tables) throw new CoreError('invalid_input', `At most ${VIEW_LIMITS.tables} tables keep a view.`);
    this.tableViews.set(owner, tables);
  }
}
