import { useRouterState } from '@tanstack/react-router';
import type { AppLocation, ListSearch } from './paths';

declare module '@tanstack/react-router' {
  /** What each route of the table (app/routes.tsx) says about itself, for the shell and these hooks. */
  interface StaticDataRouteOption {
    /** The area an app screen stands for (its address names none). */
    area?: string;
    /** The form a route opens when its address names no action (`new`, `edit`). */
    mode?: 'new' | 'edit';
    /** The route's search may name a record open in a drawer over it. */
    drawer?: true;
  }
}

type Match = ReturnType<typeof useRouterState>['matches'][number];
const deepest = (matches: readonly Match[]): Match | undefined => matches[matches.length - 1];
const param = (params: object, key: string): string | null => {
  const v = (params as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : null;
};

/** The location of a route match: its own declared facts, then its typed params. */
function locationOf(m: Match | undefined): AppLocation {
  if (!m) return { area: null, id: null, mode: null, sub: null };
  const s = m.staticData;
  return { area: s.area ?? param(m.params, 'area'), id: param(m.params, 'id'), mode: s.mode ?? param(m.params, 'action'), sub: param(m.params, 'sub') };
}

/** The current area, record id, form (new, edit or an action) and the row an action acts on. */
export function useAppLocation(): AppLocation {
  return useRouterState({ select: (s) => locationOf(deepest(s.matches)), structuralSharing: true });
}

/** The record open in the drawer over the current list, if any. */
export function useDrawerId(): string | null {
  return useRouterState({
    select: (s) => {
      const m = deepest(s.matches);
      // The match's search has been through the list route's validation; the location's has not.
      return m?.staticData.drawer ? ((m.search as ListSearch).open ?? null) : null;
    },
  });
}

/** The view a link opened the current list with (LinkView as JSON, not yet checked), if any. */
export function useLinkViewText(): string | null {
  return useRouterState({
    select: (s) => {
      const m = deepest(s.matches);
      return m?.staticData.drawer ? ((m.search as ListSearch).view ?? null) : null;
    },
  });
}

/** The path of the screen the router has rendered (its deepest match), without search or drawer. */
export function useShownPath(): string {
  return useRouterState({ select: (s) => deepest(s.matches)?.pathname ?? '/' });
}
