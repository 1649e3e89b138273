import { DECLS_BY_GROUP } from './index';
import type { ReadRouteId } from './types';

export interface NameSource { route: ReadRouteId; title: string }

/**
 * How to show a linked record by name instead of its id: the target area's own detail route and
 * heading, when that heading is a text field (a name or title, not a date or an enum).
 */
const SOURCES: ReadonlyMap<string, NameSource> = new Map(
  Object.values(DECLS_BY_GROUP).flat().flatMap((d) => {
    const { route, title } = d.detail;
    const titleField = d.detail.sections.flatMap((s) => s.fields).find((f) => f.key === title);
    return route && d.list && titleField?.kind === 'text' ? [[d.area, { route, title }] as const] : [];
  }),
);

export const nameSourceOf = (area: string): NameSource | null => SOURCES.get(area) ?? null;
