import type { CellKind } from '../../shared/display';

/**
 * Column widths of a fixed-layout table that fit its box. Each column starts at the width of its
 * widest value and header measured on screen (before that, its kind's width); a column whose values
 * can end in an ellipsis (names, descriptions, tags) at most at its kind's width, any other (amounts,
 * dates, status chips, numbers) whole, and never narrower. A width the user gave is kept, but an
 * amount never gets less than its widest value. When they do not fit, the columns that can be cut
 * give up room, down to a floor; when even that does not fit, the table scrolls sideways with its
 * first column held (app.css .held).
 */
export const KIND_WIDTH: Record<CellKind, number> = {
  text: 220, status: 170, enum: 170, money: 150, decimalMoney: 150, number: 110, percent: 100, quantity: 120, date: 150,
  timestamp: 190, boolean: 100, id: 130, idList: 170, tags: 210, namedList: 210, color: 110, json: 240, bytes: 100, issues: 260,
  country: 150, currency: 170, revision: 120,
};

/** Kinds whose values may be cut short to fit, and how narrow they may become. */
const FLOOR: Partial<Record<CellKind, number>> = { text: 100, tags: 120, idList: 120, namedList: 130, json: 150, issues: 200 };
export const isCuttable = (kind: CellKind): boolean => FLOOR[kind] !== undefined;
const isMoney = (kind: CellKind) => kind === 'money' || kind === 'decimalMoney';

export interface FitColumn {
  kind: CellKind;
  /** A width the user gave (dragged or typed). */
  given?: number | undefined;
  /** The widest value (and header) measured on screen. */
  need?: number | undefined;
}

export function fitWidths(columns: readonly FitColumn[], available: number): number[] {
  const base = columns.map((c) => {
    if (c.given !== undefined) return isMoney(c.kind) ? Math.max(c.given, c.need ?? 0) : c.given;
    return isCuttable(c.kind) ? Math.min(KIND_WIDTH[c.kind], c.need ?? Infinity) : c.need ?? KIND_WIDTH[c.kind];
  });
  const excess = base.reduce((s, w) => s + w, 0) - available;
  if (excess <= 0 || !Number.isFinite(available)) return base;
  const room = columns.map((c, i) => (c.given === undefined && isCuttable(c.kind) ? Math.max(0, base[i]! - Math.min(FLOOR[c.kind]!, base[i]!)) : 0));
  const total = room.reduce((s, r) => s + r, 0);
  if (total === 0) return base;
  // Rounded up: the columns never add up to more than the box by a fraction of a pixel.
  const share = Math.min(1, excess / total);
  return base.map((w, i) => w - Math.min(room[i]!, Math.ceil(room[i]! * share)));
}
