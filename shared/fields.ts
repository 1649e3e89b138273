import { z } from 'zod';
import { uuid, decimalAmount, positiveAmount } from './primitives';
import { annotate, type EnumLabels, type RefArea } from './semantics';
import { upper } from './assumptions';

/** Building blocks of write bodies that carry their meaning (shared/semantics.ts). */

/** A UUID of a record of the same business in one of these areas. */
export const ref = (...to: [RefArea, ...RefArea[]]) => annotate(uuid, { kind: 'ref', to });
/** A positive decimal amount in major units; `currency` is the body path of its currency. */
export const money = (currency = 'currency') => annotate(positiveAmount, { kind: 'money', currency, signed: false });
/** An amount that may be negative (an opening balance). */
export const signedMoney = (currency = 'currency') => annotate(decimalAmount, { kind: 'money', currency, signed: true });
/** A percentage as a decimal string. */
export const percent = annotate(z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage like 18'), { kind: 'percent' });
/** Free text that may run to paragraphs. */
export const longText = (max: number) => annotate(z.string().max(max), { kind: 'longText' });
export const phone = (min: number, max: number) => annotate(z.string().min(min, 'phone is too short').max(max), { kind: 'phone' });
export const countryCode = annotate(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'), { kind: 'countryCode' });
/** The revision an operation expects (spec 4.2 rule 4). */
export const revision = annotate(z.number().int().min(1), { kind: 'revision' });
/** The revision of the record the sibling reference field `of` names (a credit expense, an allocation's expense). */
export const revisionOf = (of: string) => annotate(z.number().int().min(1), { kind: 'revision', of });
/** `confirmed: true` (approve, void, delete of an expense). */
export const confirmed = annotate(z.literal(true, { error: 'confirmed must be true' }), { kind: 'confirmation' });
/** A file's content as base64, up to `max` characters. */
export const fileContent = (max: number) => annotate(z.string().max(max), { kind: 'fileContent' });
/** A free-form object whose keys are stored as sent. */
export const freeForm = () => annotate(z.record(z.string(), z.unknown()), { kind: 'json' });

/** A write enum of the upper-cased read values. */
export function writeEnum<const R extends readonly [string, ...string[]]>(read: R, labels: EnumLabels = 'enums') {
  const write = upper(read);
  return annotate(z.enum(write as unknown as [Uppercase<R[number]>, ...Uppercase<R[number]>[]]), { kind: 'enum', write, read, labels });
}
/** A write enum whose values equal the read values (document types). */
export function sameEnum<const R extends readonly [string, ...string[]]>(values: R, labels: EnumLabels = 'enums') {
  return annotate(z.enum(values), { kind: 'enum', write: values, read: values, labels });
}
/** A write enum with its own spelling of each read value (task statuses are Hebrew in writes). */
export function mappedEnum<const M extends Record<string, string>>(readToWrite: M, labels: EnumLabels) {
  const read = Object.keys(readToWrite);
  const write = Object.values(readToWrite) as M[keyof M][];
  return annotate(z.enum(write as [M[keyof M], ...M[keyof M][]]), { kind: 'enum', write, read, labels });
}
