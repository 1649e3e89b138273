import { z } from 'zod';
import { uuid, timestamp, activeStatus, readCode } from '../primitives';
import { BUSINESS_TYPES } from '../assumptions';

export const businessSchema = z.looseObject({
  id: uuid,
  object: z.literal('business'),
  name: z.string(),
  english_name: z.string().nullable(),
  business_number: z.string().nullable(),
  business_type: z.enum(BUSINESS_TYPES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.looseObject({
    street: z.string().nullable(),
    city: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  }),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Business = z.infer<typeof businessSchema>;

export const salesAgentSchema = z.looseObject({
  id: uuid,
  object: z.literal('sales_agent'),
  name: z.string(),
  email: readCode('email').nullable(),
  status: activeStatus,
  created_at: timestamp,
  updated_at: timestamp,
});
export type SalesAgent = z.infer<typeof salesAgentSchema>;

export const bankAccountSchema = z.looseObject({
  id: uuid,
  object: z.literal('bank_account'),
  account_type: z.enum(['checking', 'savings', 'credit_card', 'other']),
  bank: z.string(),
  branch: readCode().nullable(),
  beneficiary_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
