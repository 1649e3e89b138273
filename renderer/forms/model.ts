import { z } from 'zod';
import { fieldSemantics, unwrapField, type FieldSemantics, type RefArea } from '../../shared';

/** The input a field gets; the twin of the display kinds in resources/types.ts. */
export type InputKind =
  | 'text' | 'longText' | 'email' | 'phone' | 'countryCode' | 'currency' | 'number' | 'boolean' | 'enum' | 'ref' | 'refList'
  | 'money' | 'quantity' | 'percent' | 'date' | 'datetime' | 'color' | 'json' | 'textList' | 'object' | 'list' | 'files' | 'fileContent' | 'revision' | 'confirmation';

export type EnumMeta = Extract<FieldSemantics, { kind: 'enum' }>;

/** One field of a write body, as a form sees it. */
export interface FieldModel {
  key: string;
  /** Dotted path from the body's root ("address.city"); list elements are not part of it. */
  path: string;
  kind: InputKind;
  /** Must be sent (not optional in the schema). */
  required: boolean;
  /** May be sent as null (the way to clear it on an update). */
  nullable: boolean;
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  enum?: EnumMeta;
  refs?: readonly RefArea[];
  /** Body path of the currency of a money field. */
  currency?: string;
  signed?: boolean;
  /** Fields of an object, or of each element of a list. */
  fields?: FieldModel[];
  /** The element of a list of plain values (emails, ids). */
  element?: FieldModel;
  /** A revision of the record the sibling reference field names (absent: of the record the route writes). */
  revisionOf?: string;
}

const TEXT_KINDS: Partial<Record<FieldSemantics['kind'], InputKind>> = {
  money: 'money', quantity: 'quantity', percent: 'percent', date: 'date', datetime: 'datetime', color: 'color', email: 'email',
  phone: 'phone', currency: 'currency', countryCode: 'countryCode', longText: 'longText', json: 'json', revision: 'revision',
  confirmation: 'confirmation', fileContent: 'fileContent',
};
/** Strings longer than this are paragraphs, not one line. */
const LONG_TEXT = 1000;

function enumOf(inner: z.ZodType): EnumMeta | undefined {
  if (!(inner instanceof z.ZodEnum)) return undefined;
  const values = (inner.options as (string | number)[]).map(String);
  return { kind: 'enum', write: values, read: values, labels: 'enums' };
}

/** zod keeps an array's bounds only as checks. */
function arrayBounds(a: z.ZodArray): { maxItems?: number; minItems?: number } {
  const out: { maxItems?: number; minItems?: number } = {};
  for (const c of a.def.checks ?? []) {
    const d = c._zod.def as { check: string; maximum?: number; minimum?: number };
    if (d.check === 'max_length' && d.maximum !== undefined) out.maxItems = d.maximum;
    if (d.check === 'min_length' && d.minimum !== undefined) out.minItems = d.minimum;
  }
  return out;
}

function fieldModel(key: string, path: string, schema: z.ZodType): FieldModel {
  const { inner, optional, nullable } = unwrapField(schema);
  const meta = fieldSemantics.get(inner);
  const base = { key, path, required: !optional, nullable };
  if (meta?.kind === 'ref') return { ...base, kind: 'ref', refs: meta.to };
  if (meta?.kind === 'enum') return { ...base, kind: 'enum', enum: meta };
  if (meta?.kind === 'money') return { ...base, kind: 'money', currency: meta.currency, signed: meta.signed };
  if (meta?.kind === 'revision') return { ...base, kind: 'revision', ...(meta.of ? { revisionOf: meta.of } : {}) };
  if (meta && TEXT_KINDS[meta.kind]) {
    const maxLength = inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
    return { ...base, kind: TEXT_KINDS[meta.kind]!, ...(maxLength != null ? { maxLength } : {}) };
  }
  if (inner instanceof z.ZodBoolean) return { ...base, kind: 'boolean' };
  if (inner instanceof z.ZodNumber) return { ...base, kind: 'number' };
  const e = enumOf(inner);
  if (e) return { ...base, kind: 'enum', enum: e };
  if (inner instanceof z.ZodObject) return { ...base, kind: 'object', fields: objectFields(inner, path) };
  if (inner instanceof z.ZodArray) {
    const bounds = arrayBounds(inner);
    const elementSchema = unwrapField(inner.element as z.ZodType).inner;
    if (elementSchema instanceof z.ZodObject) {
      const fields = objectFields(elementSchema, '');
      // A list of named files: picked from disk, not typed.
      if (fields.some((f) => f.kind === 'fileContent')) return { ...base, ...bounds, kind: 'files', fields };
      return { ...base, ...bounds, kind: 'list', fields };
    }
    const element = fieldModel('', '', inner.element as z.ZodType);
    if (element.kind === 'ref') return { ...base, ...bounds, kind: 'refList', refs: element.refs ?? [], element };
    return { ...base, ...bounds, kind: 'textList', element };
  }
  if (inner instanceof z.ZodRecord) return { ...base, kind: 'json' };
  const maxLength = inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
  return { ...base, kind: maxLength != null && maxLength >= LONG_TEXT ? 'longText' : 'text', ...(maxLength != null ? { maxLength } : {}) };
}

function objectFields(schema: z.ZodObject, prefix: string): FieldModel[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => fieldModel(k, prefix ? `${prefix}.${k}` : k, v));
}

const cache = new WeakMap<z.ZodType, FieldModel[]>();

/** The fields of a write body (an object schema, refined or not), derived once per schema. */
export function modelOf(body: z.ZodType): FieldModel[] {
  const hit = cache.get(body);
  if (hit) return hit;
  const { inner } = unwrapField(body);
  if (!(inner instanceof z.ZodObject)) throw new Error('a write body is an object schema');
  const out = objectFields(inner, '');
  cache.set(body, out);
  return out;
}

/** A field of a model by its dotted path (object fields only; list elements have their own models). */
export function fieldAt(models: readonly FieldModel[], path: string): FieldModel | undefined {
  const [head, ...rest] = path.split('.');
  const f = models.find((m) => m.key === head);
  if (!f || rest.length === 0) return f;
  if (f.kind === 'list' && /^\d+$/.test(rest[0]!)) return rest.length === 1 ? f : fieldAt(f.fields ?? [], rest.slice(1).join('.'));
  // One value of a list of plain values: the element's own model, at its index.
  if (f.element && rest.length === 1 && /^\d+$/.test(rest[0]!)) return { ...f.element, key: rest[0]!, path };
  return f.fields ? fieldAt(f.fields, rest.join('.')) : undefined;
}
