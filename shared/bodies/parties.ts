import { z } from 'zod';
import { uuid, currency, email, nonEmpty, positiveAmount } from '../primitives';
import { upper, DOCUMENT_LANGUAGES, PAYMENT_TERMS } from '../assumptions';

export const partyAddressWrite = z.strictObject({
  street: z.string().max(200).nullable().optional(),
  street_number: z.string().max(20).nullable().optional(),
  city: z.string().max(100).nullable().optional(),
  postal_code: z.string().max(20).nullable().optional(),
  country_code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').nullable().optional(),
});

const partyFields = {
  business_number: z.string().max(20).nullable(),
  contact_person: z.string().max(200).nullable(),
  email: email.nullable(),
  additional_emails: z.array(email).max(10),
  phones: z.array(z.strictObject({ value: z.string().min(3, 'phone is too short').max(30), primary: z.boolean() })).max(10),
  currency,
  notes: z.string().max(5000).nullable(),
  address: partyAddressWrite.nullable(),
  tag_ids: z.array(uuid).max(50),
  special_prices: z.array(z.strictObject({ product_id: uuid, price: positiveAmount })).max(500),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  payment_terms: z.strictObject({ type: z.enum(upper(PAYMENT_TERMS)), net_days: z.number().int().min(0).max(365).nullable().optional() }),
  document_language: z.enum(upper(DOCUMENT_LANGUAGES)),
  agent_id: uuid.nullable(),
  opening_balance: z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'must be an amount like 120.50'),
};

export const partyCreateBody = z.strictObject({ name: nonEmpty.max(200), ...optionalAll(partyFields) });
export const partyUpdateBody = z.strictObject({ name: nonEmpty.max(200).optional(), ...optionalAll(partyFields) });
export type PartyCreateBody = z.infer<typeof partyCreateBody>;
export type PartyUpdateBody = z.infer<typeof partyUpdateBody>;

/** Every field of a shape made optional (omitted = unchanged on PATCH). */
export function optionalAll<S extends Record<string, z.ZodType>>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(shape)) out[k] = v.optional();
  return out as { [K in keyof S]: z.ZodOptional<S[K]> };
}
