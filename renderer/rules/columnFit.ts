import type { CellKind } from '../../shared/display';

/**
 * Column widths of a fixed-layout table that fit its box. A column whose values can end in an
 * ellipsis (names, descriptions, tags) starts at its kind's width; any other (amounts, dates, status
 * chips, numbers) at the width of its widest value and header measured on screen, and is never
 * narrower. A width the user gave is kept, but an amount never gets less than its widest value. When
 * they do not fit, the columns that can be cut give up room first, down to a floor; when even that
 * does not fit, the table scrolls sideways with its first column held (app.css .held).
 */
export const KIND_WIDTH: Record<CellKind, number> = {
  text: 220, status: 170, enum: 170, money: 150, decimalMoney: 150, number: 110, percent: 100, quantity: 120, date: 150,
  timestamp: 190, boolean: 100, id: 130, idList: 170, tags: 210, namedList: 210, color: 110, json: 240, bytes: 100, issues: 260,
};

/** Kinds whose values may be cut short to fit, and how narrow they may become. */
const FLOOR: Partial<Record<CellKind, number>> = { text: 120, tags: 130, idList: 130, namedList: 140, json: 160, issues: 200 };
export const isCuttable = (kind: CellKind): boolean => FLOOR[kind] !== undefined;
const isMoney = (kind: CellKind) => kind === 'money' || kind === 'decimalMoney';

export interface FitColumn {
  kind: CellKind;
  /** A width the user gave (dragged or typed). */
  given?: number | undefined;
  /** The widest value (and header) measured on screen, for columns that are not cut. */
  need?: number | undefined;
}

export function fitWidths(columns: readonly FitColumn[], available: number): number[] {
  const base = columns.map((c) => {
    if (c.given !== undefined) return isMoney(c.kind) ? Math.max(c.given, c.need ?? 0) : c.given;
    return isCuttable(c.kind) ? KIND_WIDTH[c.kind] : c.need ?? KIND_WIDTH[c.kind];
  });
  let excess = base.reduce((s, w) => s + w, 0) - available;
  if (excess <= 0 || !Number.isFinite(available)) return base;
  const room = columns.map((c, i) => (c.given === undefined && isCuttable(c.kind) ? Math.max(0, base[i]! - FLOOR[c.kind]!) : 0));
  const total = room.reduce((s, r) => s + r, 0);
  if (total === 0) return base;
  const share = Math.min(1, excess / total);
  return base.map((w, i) => {
    const cut = Math.floor(room[i]! * share);
    excess -= cut;
    return w - cut;
  });
}
