import type {
  ArrayKey, BannerSpec, BodyInput, BodyKey, BodyRouteId, CellKind, Elem, FieldSpec, FormFieldSpec, FormSpec, ListItem, ListRouteId, Path, ReadData, ReadRouteId,
  RelatedSpec, ResourceDecl, SectionSpec, SubTableSpec, WriteDecl,
} from './types';

/** Typed field: the key (and currency/link paths) must exist on T. */
export interface Field<T> {
  key: Path<T>;
  kind: CellKind;
  label?: string;
  currency?: Path<T>;
  unit?: Path<T>;
  link?: { area: string; id: Path<T> };
  hidden?: boolean;
}

/** Short form: [key, kind] or [key, kind, extras]. */
export type FieldArg<T> = Field<T> | [Path<T>, CellKind] | [Path<T>, CellKind, Omit<Field<T>, 'key' | 'kind'>];

function toSpec<T>(f: FieldArg<T>): FieldSpec {
  if (Array.isArray(f)) return { ...(f[2] ?? {}), key: f[0], kind: f[1] } as FieldSpec;
  return f as FieldSpec;
}
export const fields = <T>(list: FieldArg<T>[]): FieldSpec[] => list.map(toSpec);

export interface DetailArgs<T> {
  title: Path<T>;
  sections: { title: string; fields: FieldArg<T>[] }[];
  tables?: SubTableSpec[];
  pdf?: boolean;
  banners?: (Omit<BannerSpec, 'detail'> & { detail?: Path<T> })[];
  related?: RelatedSpec[];
  firstFromCopy?: boolean;
}

/** A sub-table over an array field of T, typed by its element (optionally sorted by one of its fields). */
export function subTable<T, K extends ArrayKey<T>>(
  title: string, rows: K, columns: FieldArg<Elem<T, K>>[], rowLink?: { area: string; id: Path<Elem<T, K>> },
  extra: { sort?: { key: Path<Elem<T, K>>; desc?: boolean }; covers?: Path<T>[] } = {},
): SubTableSpec {
  return { title, rows, columns: fields(columns), ...(rowLink ? { rowLink } : {}), ...(extra.sort ? { sort: extra.sort } : {}), ...(extra.covers ? { covers: extra.covers } : {}) };
}

const sections = <T>(s: DetailArgs<T>['sections']): SectionSpec[] => s.map((x) => ({ title: x.title, fields: fields(x.fields) }));

/** What an area can write and how it names its records; both optional. */
export interface AreaExtras { writes?: WriteDecl; label?: ResourceDecl['label'] }

/** An area with a list route and a single-record route. */
export function resource<L extends ListRouteId, R extends ReadRouteId>(
  area: string,
  list: { route: L; columns: FieldArg<ListItem<L>>[]; rowId?: Path<ListItem<L>> },
  detail: { route: R } & DetailArgs<ReadData<R>>,
  extras: AreaExtras = {},
): ResourceDecl {
  return {
    area,
    list: { route: list.route, columns: fields(list.columns), rowId: list.rowId ?? 'id' },
    detail: { route: detail.route, title: detail.title, sections: sections(detail.sections), tables: detail.tables ?? [], ...(detail.pdf ? { pdf: true } : {}), ...(detail.banners ? { banners: detail.banners } : {}), ...(detail.related ? { related: detail.related } : {}), ...(detail.firstFromCopy ? { firstFromCopy: true } : {}) },
    ...extras,
  };
}

/**
 * A record's name from several parts ("supplier · document number"): each part isolated, so a
 * Hebrew name followed by a number keeps its order in an English sentence, and the reverse.
 */
export const joinLabel = (...parts: unknown[]): string =>
  parts.filter((p): p is string | number => (typeof p === 'string' && p.trim() !== '') || typeof p === 'number').map((p) => `\u2068${String(p)}\u2069`).join(' · ');

/** A form field: a top-level body key, or the key with how its list or picker behaves. */
export type FormFieldArg<R extends BodyRouteId> = BodyKey<R> | ({ key: BodyKey<R> } & Omit<FormFieldSpec, 'key'>);

/** A form on a write route, its fields checked against the route's body. */
export function form<R extends BodyRouteId>(
  route: R,
  formSections: { title: string; fields: FormFieldArg<R>[] }[],
  extra: { initial?: () => Partial<NonNullable<BodyInput<R>>> } & Pick<FormSpec, 'summary' | 'summaryNote' | 'fromRecord' | 'when' | 'result' | 'changesOnly' | 'prefill'> = {},
): FormSpec {
  const { initial, ...rest } = extra;
  return {
    route,
    sections: formSections.map((x) => ({ title: x.title, fields: x.fields.map((f) => (typeof f === 'string' ? { key: f } : f)) })),
    ...(initial ? { initial: initial as () => Record<string, unknown> } : {}),
    ...rest,
  };
}

/** An area with only a list: the detail view shows the row it was opened from. */
export function listOnly<L extends ListRouteId>(area: string, list: { route: L; columns: FieldArg<ListItem<L>>[] }, detail: DetailArgs<ListItem<L>>): ResourceDecl {
  return {
    area,
    list: { route: list.route, columns: fields(list.columns), rowId: 'id' },
    detail: { title: detail.title, sections: sections(detail.sections), tables: detail.tables ?? [] },
  };
}

/** An area with only a single record (the business). */
export function singleOnly<R extends ReadRouteId>(area: string, detail: { route: R } & DetailArgs<ReadData<R>>): ResourceDecl {
  return { area, detail: { route: detail.route, title: detail.title, sections: sections(detail.sections), tables: detail.tables ?? [] } };
}
