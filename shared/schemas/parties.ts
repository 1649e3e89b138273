import { z } from 'zod';
import { uuid, timestamp, activeStatus, currency, idName, readCode } from '../primitives';
import { DOCUMENT_LANGUAGES, PAYMENT_TERMS } from '../assumptions';

export const partyAddressSchema = z.looseObject({
  street: z.string().nullable(),
  street_number: readCode().nullable(),
  city: z.string().nullable(),
  postal_code: readCode().nullable(),
  country_code: readCode('countryCode').nullable(),
});

const partyShape = (kind: 'customer' | 'supplier') => ({
  id: uuid,
  object: z.literal(kind),
  type: z.literal(kind),
  name: z.string(),
  business_number: readCode().nullable(),
  contact_person: z.string().nullable(),
  email: readCode('email').nullable(),
  additional_emails: z.array(z.string()),
  phone: readCode('phone').nullable(),
  phones: z.array(z.looseObject({ value: z.string(), primary: z.boolean() })),
  address: partyAddressSchema.nullable(),
  status: activeStatus,
  currency,
  tags: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});

export const customerSchema = z.looseObject(partyShape('customer'));
export const supplierSchema = z.looseObject(partyShape('supplier'));
export type Customer = z.infer<typeof customerSchema>;
export type Supplier = z.infer<typeof supplierSchema>;

/** /details adds contact data, terms, VAT, notes, agent, tags, special prices and purchasing data. */
const partyDetailsExtra = {
  contacts: z.array(z.looseObject({ name: z.string(), role: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })),
  addresses: z.array(partyAddressSchema.extend({ label: z.string().nullable() })),
  payment_terms: z.looseObject({ type: z.enum(PAYMENT_TERMS), net_days: z.number().int().nullable() }),
  document_language: z.enum(DOCUMENT_LANGUAGES),
  vat: z.looseObject({ exempt: z.boolean(), vat_number: z.string().nullable() }),
  notes: z.string().nullable(),
  agent: idName.nullable(),
  tag_details: z.array(z.looseObject({ id: uuid, name: z.string(), color_hex: z.string().nullable() })),
  special_prices: z.array(z.looseObject({ product_id: uuid, product_name: z.string(), price: z.string(), currency })),
  purchasing: z.looseObject({
    total_documents: z.number().int(),
    total_amount: z.string(),
    last_document_date: z.string().nullable(),
  }),
};
export const customerDetailsSchema = customerSchema.extend(partyDetailsExtra);
export const supplierDetailsSchema = supplierSchema.extend(partyDetailsExtra);
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;
