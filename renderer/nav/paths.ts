import type { LinkView } from '../../shared/views';
import { APP_AREAS, type AppArea } from '../resources/groups';

/** The app's own screens have fixed addresses. */
type AppScreenPath = `/${AppArea}`;
const isAppScreen = (area: string): area is AppArea => (APP_AREAS as readonly string[]).includes(area);

/**
 * The app's screens as typed route targets. Every in-app link and navigation goes through these,
 * so the router sees it (navigation blocking) and a screen is named in one place.
 */
export type ScreenTarget =
  | { to: '/' }
  | { to: AppScreenPath }
  | { to: '/$area'; params: { area: string }; search?: ListSearch }
  | { to: '/$area/new'; params: { area: string }; search?: CreateSearch }
  | { to: '/$area/$id'; params: { area: string; id: string } }
  | { to: '/$area/$id/edit'; params: { area: string; id: string }; search?: OutboxSearch }
  | { to: '/$area/$id/$action'; params: { area: string; id: string; action: string }; search?: OutboxSearch }
  | { to: '/$area/$id/$action/$sub'; params: { area: string; id: string; action: string; sub: string }; search?: OutboxSearch }
  | { to: '/outbox/$entry'; params: { entry: string } };

/**
 * A list's address may name the record open in the drawer over it (`#/customers?open=<id>`), and
 * the column filters and sort a link opens it with (`view`: a LinkView as JSON; ListScreen checks it
 * against the contract, applies it over the kept view, and takes it out of the address).
 */
export interface ListSearch { open?: string; view?: string }
export type { LinkView };
/** A form opened from the outbox names the entry whose values it changes (`#/leads/<id>/edit?outbox=<entry>`). */
export interface OutboxSearch { outbox?: string }
/** A create form's address may name the record it starts from (`#/documents/new?from=document-drafts&fromId=<id>`). */
export interface CreateSearch extends OutboxSearch { from?: string; fromId?: string }
/** The record a new one starts from. */
export interface SourceRecord { area: string; id: string }

export const toHome = (): ScreenTarget => ({ to: '/' });
/** An area's table, or an app screen (profiles, activity, the review queue) at its own address; a link may filter and sort the table. */
export const toList = (area: string, view?: LinkView): ScreenTarget => (isAppScreen(area) ? { to: `/${area}` }
  : view ? { to: '/$area', params: { area }, search: { view: JSON.stringify(view) } } : { to: '/$area', params: { area } });
/** A record in the drawer over its area's table. */
export const toDrawer = (area: string, id: string): ScreenTarget => ({ to: '/$area', params: { area }, search: { open: id } });
/** A create form, empty or started from a record of another area (filled by the form's `prefill`). */
export const toCreate = (area: string, from?: SourceRecord): ScreenTarget =>
  (from ? { to: '/$area/new', params: { area }, search: { from: from.area, fromId: from.id } } : { to: '/$area/new', params: { area } });
export const toRecord = (area: string, id: string): ScreenTarget => ({ to: '/$area/$id', params: { area, id } });
export const toEdit = (area: string, id: string): ScreenTarget => ({ to: '/$area/$id/edit', params: { area, id } });
/** An action on a record, or on one row of it (`sub`: the id of a lead's activity). */
export const toAction = (area: string, id: string, action: string, sub?: string): ScreenTarget =>
  sub === undefined ? { to: '/$area/$id/$action', params: { area, id, action } } : { to: '/$area/$id/$action/$sub', params: { area, id, action, sub } };

/** One entry of the outbox: what it does, why it waits, and the user's decision. */
export const toOutboxEntry = (entry: string): ScreenTarget => ({ to: '/outbox/$entry', params: { entry } });

/** A form's screen opened on an entry of the outbox: saving changes that entry's values. */
export function withOutbox(target: ScreenTarget, entry: string): ScreenTarget {
  if (target.to === '/$area/new') return { ...target, search: { ...target.search, outbox: entry } };
  if (target.to === '/$area/$id/edit' || target.to === '/$area/$id/$action' || target.to === '/$area/$id/$action/$sub') return { ...target, search: { outbox: entry } };
  return target;
}

/** Where the app is, as the shell and its screens read it. */
export interface AppLocation {
  area: string | null;
  id: string | null;
  /** `new`, `edit`, an action key, or null for a list or record view. */
  mode: string | null;
  /** The row an action acts on (an activity of a lead), else null. */
  sub: string | null;
}
