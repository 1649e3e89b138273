import type { ColumnFilter } from '../../rules/localTable';

/** A column's filter, as its header button and its lazily loaded editor both read it. */
export interface ColumnFilterProps {
  area: string;
  columnKey: string;
  label: string;
  /** How the column's values read: status and enum labels. */
  display: 'status' | 'enum' | 'plain';
  value: ColumnFilter | null;
  active: boolean;
  onChange: (f: ColumnFilter | null) => void;
  /** "Filter {{column}}", and with " (on)" when it is. */
  buttonLabel: string;
}
