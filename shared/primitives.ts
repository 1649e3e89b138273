import { z } from 'zod';
import { annotate, type RefArea } from './semantics';

/** Field-level building blocks used by every schema of the contract. */
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID');
/** ISO 8601 UTC with milliseconds, e.g. 2026-01-31T09:15:00.000Z. */
export const timestamp = annotate(z.iso.datetime({ precision: 3, error: 'must be an ISO 8601 UTC timestamp with milliseconds' }), { kind: 'datetime' });
/** Any ISO 8601 date-time with a zone, to the minute or finer, naming a real instant (zod's own calendar checks). */
const dateTimeWithZone = z.union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })]);
/** True for an ISO 8601 date-time with a zone that names a real instant (no 2024-02-30, no 24:00). */
export const isRealDateTime = (text: string): boolean => dateTimeWithZone.safeParse(text).success;
/** Query filters accept any ISO 8601 date-time with an offset that names a real instant. */
export const dateTimeFilter = z.string().refine(isRealDateTime, 'must be an ISO 8601 date-time with a time zone');
/** Idempotency-Key header (spec 4.2 rule 2, section 8): 16-100 letters, digits, `-`, `_`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
/** A calendar date (zod's ISO date: 2023-02-31 is refused). */
export const isoDate = annotate(z.iso.date({ error: 'must be a date YYYY-MM-DD' }), { kind: 'date' });
export const minorInt = z.number().int();
/** Quantity as returned by reads: fixed three decimals. */
export const qty3 = annotate(z.string().regex(/^-?\d+\.\d{3}$/, 'must have exactly three decimals'), { kind: 'quantity' });

/*
 * Read-side meanings (the local copy derives its typed, indexed columns from them, and the
 * OpenAPI document publishes them): references, and money with the path of its currency.
 */
/** A UUID in a read record naming a record of one of these areas. */
export const readRef = (...to: [RefArea, ...RefArea[]]) => annotate(z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID'), { kind: 'ref', to });
/** An integer amount in minor units (the `_minor` fields); `currency` is the path of its currency. */
export const minorMoney = (currency = 'currency') => annotate(z.number().int(), { kind: 'money', currency, signed: true });
/** A decimal string amount in major units (expense and imported amounts). */
export const readAmount = (currency = 'currency') => annotate(z.string(), { kind: 'money', currency, signed: true });
/**
 * Text of a read record that is a code or an address, not words (numbers, postal codes, SKUs, barcodes,
 * file names, emails, phones, country codes, colours): the local copy orders it by its characters, where
 * words are ordered as a reader of the user's language expects.
 */
export const readCode = (kind: 'code' | 'email' | 'phone' | 'countryCode' | 'color' = 'code') => annotate(z.string(), { kind });
/** Quantity in writes: up to three decimals. */
export const qtyWrite = annotate(z.string().regex(/^\d+(\.\d{1,3})?$/, 'must be a number with at most three decimals'), { kind: 'quantity' });
/** Amount in writes: decimal string in major units, up to two decimals. */
export const decimalAmount = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'must be an amount like 120.50');
export const positiveAmount = z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be a positive amount like 120.50');
export const currency = annotate(z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code'), { kind: 'currency' });
export const colorHex = annotate(z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a colour like #1A2B3C'), { kind: 'color' });
export const email = annotate(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address'), { kind: 'email' });
export const nonEmpty = z.string().trim().min(1, 'is required');

export const activeStatus = z.enum(['active', 'inactive']);
export const idName = z.looseObject({ id: readRef('sales-agents'), display_name: z.string() });
