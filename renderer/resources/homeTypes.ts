import type { ColumnFilter, LocalSort } from '../../shared';

/**
 * The home screen's declaration: roles, their sections, and each section's figures. A figure is the
 * set of one area's records its filters keep (column filters as a list keeps them), counted and,
 * where it names a money column, summed per currency; the same filters open the list of exactly
 * those records. Nothing here reads data: screens/home renders it from the local copy.
 */

/** What the figures are counted against: the day it is on the user's clock. */
export interface HomeContext { today: string }

export interface FigureSpec {
  /** Label key under `home.figures.`. */
  key: string;
  area: string;
  filters: (c: HomeContext) => ColumnFilter[];
  /** The copy's money column summed per currency ("total_minor"). */
  sum?: string;
  /**
   * The sum is what is still owed on each record (shared LOCAL_OWED: a document's total less the
   * payments recorded against it), where the key can read the payments; else the totals, said so.
   */
  owed?: boolean;
  /** The order of the list the figure opens. */
  sort?: LocalSort[];
}

interface SectionBase {
  /** Title key under `home.sections.`, also the section's test id. */
  key: string;
  /** Key under `home.notes.` saying what the section counts (the API gives no balance per document ...). */
  note?: string;
}

/** Figures side by side. */
export interface FiguresSection extends SectionBase { kind: 'figures'; figures: FigureSpec[] }

/** One figure per value of a column (a lead pipeline by status): one grouped count, a link per value. */
export interface GroupedSection extends SectionBase {
  kind: 'grouped';
  area: string;
  filters: (c: HomeContext) => ColumnFilter[];
  /** The list column grouped by (an enum), and its values in the order shown. */
  column: string;
  values: readonly string[];
  /** How a value is named: `status.<v>` or `enums.<v>`. */
  labels: 'status' | 'enums';
  /** A screen of the app that shows the same records another way (the lead board). */
  board?: string;
}

/** A bar per month of the last `months`, a stack per value of `stackBy` (category), with a table alternative. */
export interface MonthlySection extends SectionBase {
  kind: 'monthly';
  area: string;
  filters: (c: HomeContext) => ColumnFilter[];
  /** The date column that places a record in a month, and the money column summed. */
  date: string;
  sum: string;
  months: number;
  /** Stacks by a reference column, named from the records of another area. */
  stackBy?: { column: string; area: string; label: string };
  /** Figures for this month and the one before, read from the same sums (sales this month against last). */
  compare?: boolean;
}

/** Records grouped by the codes of a list they hold (expenses by blocking issue), read row by row. */
export interface IssuesSection extends SectionBase {
  kind: 'issues';
  area: string;
  filters: (c: HomeContext) => ColumnFilter[];
  /** The record's list of `{ code, message }`, and the money field summed per group (with its currency field). */
  list: string;
  sum: { field: string; currency: string };
}

/** Levels below their threshold: the copy compares a column with constants only, so rows are compared here. */
export interface LowStockSection extends SectionBase {
  kind: 'lowStock';
  area: string;
  filters: (c: HomeContext) => ColumnFilter[];
  quantity: string;
  threshold: string;
}

export type HomeSection = FiguresSection | GroupedSection | MonthlySection | IssuesSection | LowStockSection;

export interface HomeRole {
  /** Title key under `home.roles.`. */
  key: 'owner' | 'bookkeeper' | 'sales';
  sections: HomeSection[];
}
