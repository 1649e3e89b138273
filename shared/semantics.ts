import { z } from 'zod';

/**
 * What a field of a write body means, declared once next to its schema. Forms pick their inputs
 * from it, the sandbox checks references with it and the OpenAPI document publishes it.
 */

/** Resource areas a body field can reference (keys of the route table's `resource`). */
export const REF_AREAS = [
  'customers', 'suppliers', 'tags', 'products', 'raw-materials', 'documents', 'document-drafts', 'leads', 'sales-agents',
  'expenses', 'expense-categories',
] as const;
export type RefArea = (typeof REF_AREAS)[number];

/** Where enum labels live in the UI texts: statuses have their own coloured badges. */
export type EnumLabels = 'status' | 'enums';

export type FieldSemantics =
  /** A UUID of a record of the same business, in one of these areas. */
  | { kind: 'ref'; to: readonly RefArea[] }
  /** A decimal string in major units; `currency` is the body path of its currency. */
  | { kind: 'money'; currency: string; signed: boolean }
  /** A decimal string with up to three decimals. */
  | { kind: 'quantity' }
  /** A percentage as a decimal string ("18"). */
  | { kind: 'percent' }
  | { kind: 'date' }
  | { kind: 'datetime' }
  | { kind: 'color' }
  | { kind: 'email' }
  | { kind: 'phone' }
  | { kind: 'currency' }
  | { kind: 'countryCode' }
  /** Text that is a code, not words (a business number, a postal code, a SKU, a barcode, a file name). */
  | { kind: 'code' }
  /** Free text that can run to paragraphs. */
  | { kind: 'longText' }
  /** A free-form object whose keys are stored as sent. */
  | { kind: 'json' }
  /** A file's content, base64-encoded (document attachments). */
  | { kind: 'fileContent' }
  /** An enumeration: write values (what the body sends) and the read values they stand for, index by index. */
  | { kind: 'enum'; write: readonly string[]; read: readonly string[]; labels: EnumLabels }
  /**
   * The record revision an operation expects (spec 4.2 rule 4): of the route's own record, or with
   * `of`, of the record the sibling reference field names (a credit, an allocation's expense).
   */
  | { kind: 'revision'; of?: string }
  /** `confirmed: true`: the user confirmed the operation. */
  | { kind: 'confirmation' };

export type SemanticKind = FieldSemantics['kind'];

export const fieldSemantics = z.registry<FieldSemantics>();

/** A copy of `schema` carrying `meta` (the same instance may be shared by fields that mean other things). */
export function annotate<T extends z.ZodType>(schema: T, meta: FieldSemantics): T {
  const copy = schema.clone() as T;
  fieldSemantics.add(copy, meta);
  return copy;
}

/** Optional, nullable, default and readonly wrappers around the schema that carries the meaning. */
export function unwrapField(schema: z.ZodType): { inner: z.ZodType; optional: boolean; nullable: boolean } {
  let s = schema;
  let optional = false;
  let nullable = false;
  for (;;) {
    if (s instanceof z.ZodOptional) { optional = true; s = s.unwrap() as z.ZodType; }
    else if (s instanceof z.ZodNullable) { nullable = true; s = s.unwrap() as z.ZodType; }
    else if (s instanceof z.ZodDefault) { optional = true; s = s.unwrap() as z.ZodType; }
    else if (s instanceof z.ZodReadonly) s = s.unwrap() as z.ZodType;
    else return { inner: s, optional, nullable };
  }
}

export function semanticsOf(schema: z.ZodType): FieldSemantics | undefined {
  return fieldSemantics.get(unwrapField(schema).inner);
}

/** The write value that stands for a read value ("active" -> "ACTIVE", task "completed" -> "בוצע"). */
export function enumWriteOf(meta: Extract<FieldSemantics, { kind: 'enum' }>, read: string): string | undefined {
  const i = meta.read.indexOf(read);
  return i < 0 ? undefined : meta.write[i];
}
/** The read value a write value stands for. */
export function enumReadOf(meta: Extract<FieldSemantics, { kind: 'enum' }>, write: string): string | undefined {
  const i = meta.write.indexOf(write);
  return i < 0 ? undefined : meta.read[i];
}

/** One annotated field of a body: its path (array elements as "[]") and meaning. */
export interface AnnotatedPath { path: string; meta: FieldSemantics }

/** Every annotated field under an object schema, depth first, arrays and nested objects included. */
export function annotatedPaths(schema: z.ZodType, prefix = ''): AnnotatedPath[] {
  const { inner } = unwrapField(schema);
  const meta = fieldSemantics.get(inner);
  if (meta) return [{ path: prefix, meta }];
  if (inner instanceof z.ZodArray) return annotatedPaths(inner.element as z.ZodType, `${prefix}[]`);
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([k, v]) => annotatedPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

/** The values at an annotated path of a body, with their concrete paths ("lines.2.product_id"). */
export function valuesAt(body: unknown, path: string): { path: string; value: unknown }[] {
  let cur: { path: string; value: unknown }[] = [{ path: '', value: body }];
  for (const seg of path.split('.')) {
    const isArray = seg.endsWith('[]');
    const key = isArray ? seg.slice(0, -2) : seg;
    const next: { path: string; value: unknown }[] = [];
    for (const c of cur) {
      const v = key === '' ? c.value : c.value !== null && typeof c.value === 'object' ? (c.value as Record<string, unknown>)[key] : undefined;
      const at = key === '' ? c.path : c.path ? `${c.path}.${key}` : key;
      if (v === undefined || v === null) continue;
      if (isArray) {
        if (Array.isArray(v)) v.forEach((e, i) => next.push({ path: `${at}.${i}`, value: e }));
      } else next.push({ path: at, value: v });
    }
    cur = next;
  }
  return cur;
}

/** Every record a body references: concrete path, id and the areas it may be in. */
export function referencesIn(schema: z.ZodType, body: unknown): { path: string; id: string; to: readonly RefArea[] }[] {
  return annotatedPaths(schema)
    .flatMap(({ path, meta }) => (meta.kind === 'ref' ? valuesAt(body, path).map((v) => ({ ...v, to: meta.to })) : []))
    .flatMap((v) => (typeof v.value === 'string' ? [{ path: v.path, id: v.value, to: v.to }] : []));
}

/** One revision a body expects: where it is, the value, and whose it is (null id: the route's own record). */
export interface ExpectedRevision { path: string; expected: number; id: string | null; to: readonly RefArea[] }

/** Every revision a body expects (spec 4.2 rule 4), each with the record it belongs to. */
export function revisionsIn(schema: z.ZodType, body: unknown): ExpectedRevision[] {
  const paths = annotatedPaths(schema);
  return paths.flatMap(({ path, meta }): ExpectedRevision[] => {
    if (meta.kind !== 'revision') return [];
    const sibling = meta.of ? path.replace(/[^.]+$/, meta.of) : null;
    const refMeta = sibling ? paths.find((p) => p.path === sibling)?.meta : undefined;
    const to = refMeta?.kind === 'ref' ? refMeta.to : [];
    return valuesAt(body, path).flatMap(({ path: at, value }): ExpectedRevision[] => {
      if (typeof value !== 'number') return [];
      if (!sibling) return [{ path: at, expected: value, id: null, to }];
      const idPath = at.replace(/[^.]+$/, meta.of!);
      // A concrete path ("allocations.0.expense_id"): an index reads an array's element.
      const id = valuesAt(body, idPath)[0]?.value;
      return typeof id === 'string' ? [{ path: at, expected: value, id, to }] : [];
    });
  });
}
