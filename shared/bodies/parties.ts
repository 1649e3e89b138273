import { z } from 'zod';
import { currency, email, nonEmpty } from '../primitives';
import { DOCUMENT_LANGUAGES, PAYMENT_TERMS } from '../assumptions';
import { countryCode, longText, money, phone, ref, signedMoney, writeEnum } from '../fields';

export const partyAddressWrite = z.strictObject({
  street: z.string().max(200).nullable().optional(),
  street_number: z.string().max(20).nullable().optional(),
  city: z.string().max(100).nullable().optional(),
  postal_code: z.string().max(20).nullable().optional(),
  country_code: countryCode.nullable().optional(),
});

/** Payment terms: cash, net N days, or none (shared by parties and documents). */
export const paymentTermsWrite = z.strictObject({ type: writeEnum(PAYMENT_TERMS), net_days: z.number().int().min(0).max(365).nullable().optional() });

const partyFields = {
  business_number: z.string().max(20).nullable(),
  contact_person: z.string().max(200).nullable(),
  email: email.nullable(),
  additional_emails: z.array(email).max(10),
  phones: z.array(z.strictObject({ value: phone(3, 30), primary: z.boolean() })).max(10),
  currency,
  notes: longText(5000).nullable(),
  address: partyAddressWrite.nullable(),
  tag_ids: z.array(ref('tags')).max(50),
  special_prices: z.array(z.strictObject({ product_id: ref('products'), price: money() })).max(500),
  status: writeEnum(['active', 'inactive'], 'status'),
  payment_terms: paymentTermsWrite,
  document_language: writeEnum(DOCUMENT_LANGUAGES),
  agent_id: ref('sales-agents').nullable(),
  opening_balance: signedMoney(),
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
