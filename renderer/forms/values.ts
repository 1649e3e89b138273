import type { FieldModel } from './model';

/**
 * Form values mirror the body's shape, so a body path is a form path. Leaves hold what inputs
 * hold: text as strings ('' is empty), choices as a value or null, booleans, id lists, JSON as text.
 */
export type FormValues = Record<string, unknown>;

const TEXT_LIKE = new Set(['text', 'longText', 'email', 'phone', 'countryCode', 'currency', 'number', 'money', 'quantity', 'percent', 'color', 'revision', 'json']);

/** The value an empty input of this field holds. */
export function emptyValue(f: FieldModel): unknown {
  if (TEXT_LIKE.has(f.kind)) return '';
  switch (f.kind) {
    case 'boolean':
    case 'confirmation':
      return false;
    case 'refList':
    case 'textList':
    case 'list':
    case 'files':
      return [];
    case 'object':
      return emptyValues(f.fields ?? []);
    default:
      return null;
  }
}

export const emptyValues = (models: readonly FieldModel[]): FormValues => Object.fromEntries(models.map((f) => [f.key, emptyValue(f)]));

/** One body value as its input holds it. */
function toFormValue(f: FieldModel, v: unknown): unknown {
  if (v === undefined || v === null) return emptyValue(f);
  switch (f.kind) {
    case 'json':
      return JSON.stringify(v, null, 2);
    case 'number':
    case 'revision':
      return String(v);
    case 'object':
      return toFormValues(f.fields ?? [], v as Record<string, unknown>);
    case 'list':
      return Array.isArray(v) ? v.map((e) => toFormValues(f.fields ?? [], e as Record<string, unknown>)) : [];
    default:
      return v;
  }
}

/** Form values from a (partial) body: edit defaults or a new record's starting values. */
export function toFormValues(models: readonly FieldModel[], body: Record<string, unknown> | undefined): FormValues {
  return Object.fromEntries(models.map((f) => [f.key, toFormValue(f, body?.[f.key])]));
}

function isEmpty(f: FieldModel, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (f.kind === 'object') return (f.fields ?? []).every((c) => isEmpty(c, (v as Record<string, unknown>)[c.key]));
  if (f.kind === 'confirmation') return v !== true;
  return false;
}

export type BodyMode = 'create' | 'update';

/** A JSON field whose text does not parse: its value is left as text, so validation names the field. */
export class JsonText { constructor(readonly text: string) {} }

/** The value one input contributes to the body; undefined means "not sent". */
function toBodyValue(f: FieldModel, v: unknown, mode: BodyMode): unknown {
  // An empty collection on a create is "none" (not sent: some fields ask for more permissions just by
  // being there); on an update a sent [] clears it (spec 4.2).
  if (Array.isArray(v) && v.length === 0 && mode === 'create' && !f.required) return undefined;
  if (isEmpty(f, v)) {
    if (f.nullable && mode === 'update') return null;
    // A required field left empty is sent as it is, so validation says what is missing.
    if (f.required) return f.kind === 'object' ? toBodyObject(f.fields ?? [], (v ?? {}) as FormValues, mode) : typeof v === 'string' ? v.trim() : (v ?? undefined);
    // Clearing a field that cannot be null is "no value" on an update: validation says it is required.
    if (mode === 'update' && typeof v === 'string' && f.kind !== 'object') return '';
    return undefined;
  }
  switch (f.kind) {
    case 'number':
    case 'revision': {
      const text = String(v).trim();
      return /^-?\d+$/.test(text) ? Number(text) : text;
    }
    case 'json': {
      try {
        return JSON.parse(String(v)) as unknown;
      } catch {
        return new JsonText(String(v));
      }
    }
    case 'boolean':
      // On a create an unticked optional box is not sent: some flags ask for more permissions just by being there.
      return mode === 'create' && v === false && !f.required ? undefined : v;
    case 'object': {
      const o = toBodyObject(f.fields ?? [], v as FormValues, mode);
      return Object.keys(o).length === 0 && mode === 'create' && !f.required ? undefined : o;
    }
    case 'list':
      return (v as FormValues[]).map((e) => toBodyObject(f.fields ?? [], e, 'create'));
    case 'files':
      return v;
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
      return String(v).trim();
    case 'currency':
    case 'countryCode':
      return String(v).trim().toUpperCase();
    case 'color':
      return String(v).trim().toUpperCase();
    case 'money':
    case 'quantity':
    case 'percent':
      return normaliseDecimal(String(v));
    default:
      return v;
  }
}

/** "1,250.5 " -> "1250.5": people type thousands separators; the API takes plain decimals. */
export function normaliseDecimal(text: string): string {
  const t = text.trim().replace(/[\s,]/g, '');
  return t.startsWith('.') ? `0${t}` : t;
}

function toBodyObject(models: readonly FieldModel[], values: FormValues, mode: BodyMode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of models) {
    const v = toBodyValue(f, values[f.key], mode);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

/** RHF's dirty-field tree: true at a changed leaf, objects and arrays of those above it. */
export type DirtyTree = Record<string, unknown>;
const anyDirty = (d: unknown): boolean =>
  d === true || (Array.isArray(d) ? d.some(anyDirty) : typeof d === 'object' && d !== null && Object.values(d).some(anyDirty));

export interface BodyOptions {
  mode: BodyMode;
  /** On an update only the changed fields are sent (spec 4.2: an omitted field is unchanged). */
  dirty?: DirtyTree;
  /** Fields sent on every update whether changed or not (expected_revision). */
  always?: readonly string[];
}

/** The request body the form's values stand for. */
export function toBody(models: readonly FieldModel[], values: FormValues, o: BodyOptions): Record<string, unknown> {
  const full = toBodyObject(models, values, o.mode);
  if (o.mode === 'create' || !o.dirty) return full;
  const out: Record<string, unknown> = {};
  for (const f of models) {
    const send = o.always?.includes(f.key) || anyDirty(o.dirty[f.key]);
    if (!send) continue;
    // A changed nested object or list is sent whole: a sent array replaces the collection.
    out[f.key] = f.key in full ? full[f.key] : f.nullable ? null : toBodyValue(f, values[f.key], 'update');
  }
  return out;
}
