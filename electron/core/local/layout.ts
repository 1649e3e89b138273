import { LOCAL_AREAS, type LocalArea, type LocalColumn } from '../../../shared';

/**
 * The names the copy's tables, columns and indexes go by, derived from the contract's columns
 * (shared/local/columns.ts). Per area: a narrow table of typed columns (`r_`), what the record holds
 * besides them (`j_`: shared/local's columns are not stored twice, record-shape.ts), and a trigram
 * index of its text (`f_`) that holds no text itself.
 */
export const tableOf = (area: string) => `r_${area.replaceAll('-', '_')}`;
export const jsonTableOf = (area: string) => `j_${area.replaceAll('-', '_')}`;
export const ftsTableOf = (area: string) => `f_${area.replaceAll('-', '_')}`;

export const SORT_LANGUAGES = ['en', 'he'] as const;
export type SortLanguage = (typeof SORT_LANGUAGES)[number];
/** A collated column's rank in one language (`<col>__k_en`, `<col>__k_he`). */
export const rankOf = (column: string, language: SortLanguage) => `${column}__k_${language}`;

/** Column names are the contract's field names, checked here so none can break out of SQL. */
const SAFE = /^[a-z][a-z0-9_]{0,63}$/;
export const q = (name: string): string => {
  if (!SAFE.test(name)) throw new Error(`unsafe SQL name ${name}`);
  return `"${name}"`;
};

/** Text ranked in the language's collation order (words); codes sort by their characters. */
export const isRanked = (c: LocalColumn) => c.kind === 'text' && c.collated;

/**
 * The bits of the letters and digits a record's search text holds (values.ts: lettersOf), in areas
 * with a search box: the last column of every sort index, so a one-character search tests it while
 * walking an index without reading any row.
 */
export const LETTERS = 'letters';
/**
 * The id's place among the area's ids (ordinals.ts): a number whose order is the ids' order, the
 * tie-break of every sort in 4 bytes where the id takes 36 (and the last key of every sort index).
 */
export const ORDINAL = 'io';

/** The column a field is stored in: the area's order field is the record's mark, `w`. */
export const storedOf = (a: LocalArea, name: string): string => (name === a.order ? 'w' : name);

/** One index of an area: its name and its key column (a value, a rank or the mark). */
export interface SortIndex { name: string; key: string }
/** The index of one stored column (a value or a rank) of an area. */
export const indexName = (area: string, stored: string) => `${tableOf(area)}_${stored}`.slice(0, 63);

/**
 * What an area is sorted and filtered by through an index: the mark (the API's own order), and every
 * column the contract marks indexed, collated text by its ranks in each language.
 */
export function sortIndexes(a: LocalArea): SortIndex[] {
  const keys = ['w', ...a.columns.filter((c) => c.indexed).flatMap((c) => (isRanked(c) ? SORT_LANGUAGES.map((l) => rankOf(c.name, l)) : [c.name]))];
  return keys.map((key) => ({ name: indexName(a.area, key), key }));
}

const indexed = new Map<string, Set<string>>();
/** Whether a stored column has an index of its own. */
export function hasIndex(area: string, stored: string): boolean {
  let s = indexed.get(area);
  if (!s) { s = new Set(LOCAL_AREAS[area] ? sortIndexes(LOCAL_AREAS[area]).map((i) => i.key) : []); indexed.set(area, s); }
  return s.has(stored);
}

/**
 * Columns of a few values (a status, a currency), each in many rows: none has an index of its own; the
 * mark's index carries them, so counting the rows of a status reads that index instead of the table
 * (5 against 16 ms of CPU over 100,000 customers, for 1.1 MB more where an index of the status alone
 * takes 2.7).
 */
export const fewValued = (a: LocalArea): string[] => a.columns.filter((c) => !c.indexed && c.kind !== 'id' && c.name !== a.order).map((c) => c.name);

/** An index's definition: its key, then the id's ordinal (the tie-break), then the letters where the area has a search box (the mark's, its columns of a few values before them). */
export const indexDdl = (a: LocalArea, i: SortIndex) => {
  const carried = i.key === 'w' ? fewValued(a).map((c) => `, ${q(c)}`).join('') : '';
  return `CREATE INDEX IF NOT EXISTS ${q(i.name)} ON ${tableOf(a.area)}(${q(i.key)}, ${ORDINAL}${carried}${a.search.length ? `, ${LETTERS}` : ''})`;
};

/**
 * The text the search box looks through, as SQL over the row: every text column, non-empty ones one
 * per line (values.ts: searchText says the same in JavaScript). The full-text index holds its trigrams.
 */
export const searchTextSql = (a: LocalArea, alias = '') => `concat_ws(char(10), ${a.search.map((n) => `nullif(${alias}${q(n)}, '')`).join(', ')})`;

/**
 * Whether a row's text holds a search (a LIKE pattern bound once per text column: pass it that many
 * times), column by column: a search holds no line break, so it never spans two columns, and testing
 * each column costs about a quarter less than joining them first.
 */
export const searchMatchSql = (a: LocalArea, alias = '') => `(${a.search.map((n) => `${alias}${q(n)} LIKE ? ESCAPE '\\'`).join(' OR ')})`;
