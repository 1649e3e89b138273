import { DECLS_BY_GROUP } from './index';
import type { ReadRouteId } from './types';

export interface NameSource {
  route: ReadRouteId;
  title: string;
  /** The area's own way of naming a record (an expense: its supplier and document number), over its heading. */
  label?: (row: Record<string, unknown>) => string;
}

/**
 * How to show a linked record by name instead of its id: the target area's own detail route and
 * heading, when that heading is a text field (a name or title, not a date or an enum).
 */
const SOURCES: ReadonlyMap<string, NameSource> = new Map(
  Object.values(DECLS_BY_GROUP).flat().flatMap((d) => {
    const { route, title } = d.detail;
    const titleField = d.detail.sections.flatMap((s) => s.fields).find((f) => f.key === title);
    return route && d.list && titleField?.kind === 'text' ? [[d.area, { route, title, ...(d.label ? { label: d.label } : {}) }] as const] : [];
  }),
);

export const nameSourceOf = (area: string): NameSource | null => SOURCES.get(area) ?? null;
