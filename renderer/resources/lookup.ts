import { getPath } from '../lib/format';
import { DECLS_BY_GROUP } from './index';
import type { ResourceDecl } from './types';

const BY_AREA: ReadonlyMap<string, ResourceDecl> = new Map(Object.values(DECLS_BY_GROUP).flat().map((d) => [d.area, d]));

/** The declaration of an area (any group). */
export const declOf = (area: string): ResourceDecl | undefined => BY_AREA.get(area);

/** How a record of an area is named in pickers and links: its declared label, else its detail heading. */
export function labelOf(area: string, row: Record<string, unknown>): string {
  const d = declOf(area);
  if (d?.label) return d.label(row);
  const v = getPath(row, d?.detail.title ?? 'name');
  return typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : String(row.id ?? '').slice(0, 8);
}
