import {
  customerDetailsSchema, customerSchema, productDetailsSchema, productSchema, tagSchema, taskDetailsSchema, taskSchema,
  type Customer, type CustomerDetails, type Product, type ProductDetails, type Tag, type Task, type TaskDetails,
} from '../../shared';
import type { z } from 'zod';
import { modelOf } from '../../renderer/forms/model';
import { toBody, toFormValues, type BodyOptions } from '../../renderer/forms/values';

/** What a form sends when the user typed these body-shaped values (a create unless told). */
export function formBody(schema: z.ZodType, typed: Record<string, unknown>, o: BodyOptions = { mode: 'create' }): Record<string, unknown> {
  const models = modelOf(schema);
  return toBody(models, toFormValues(models, typed), o);
}

/**
 * Records as the read routes return them, checked against the contract's read schemas so the
 * write-side tests start from what a form really receives.
 */
export const ID = {
  customer: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c1001',
  tag: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c2001',
  tag2: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c2002',
  agent: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c3001',
  product: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c4001',
  raw: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c4002',
  task: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c5001',
  document: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c6001',
} as const;
const AT = '2026-01-31T09:15:00.000Z';

/** A customer as GET /customers lists it. */
export function customerRow(over: Partial<Customer> = {}): Customer {
  return customerSchema.parse({
    id: ID.customer, object: 'customer', type: 'customer', name: 'Café Noga', business_number: '514000001', contact_person: 'Noga Levi',
    email: 'noga@example.com', additional_emails: [], phone: '050-1234567', phones: [{ value: '050-1234567', primary: true }],
    address: { street: 'Herzl', street_number: '12', city: 'Haifa', postal_code: '3303112', country_code: 'IL' },
    status: 'active', currency: 'ILS', tags: ['VIP'], created_at: AT, updated_at: AT,
    ...over,
  });
}

export function customerDetails(over: Partial<CustomerDetails> = {}): CustomerDetails {
  return customerDetailsSchema.parse({
    ...customerRow(),
    contacts: [], addresses: [], payment_terms: { type: 'net', net_days: 30 }, document_language: 'he', vat: { exempt: false, vat_number: null },
    notes: null, agent: { id: ID.agent, display_name: 'Dana' }, tag_details: [{ id: ID.tag, name: 'VIP', color_hex: '#1A2B3C' }],
    special_prices: [], purchasing: { total_documents: 0, total_amount: '0.00', last_document_date: null },
    ...over,
  });
}

/** A product as GET /products lists it. */
export function productRow(over: Partial<Product> = {}): Product {
  return productSchema.parse({
    id: ID.product, object: 'product', type: 'product', name: 'Espresso cup', description: null, sku: 'CUP-1', barcode: null, price_minor: 1250,
    currency: 'ILS', vat_behavior: 'excluding_vat', unit: null, status: 'active', inventory_tracked: true, created_at: AT, updated_at: AT,
    ...over,
  });
}

export function productDetails(over: Partial<ProductDetails> = {}): ProductDetails {
  return productDetailsSchema.parse({
    ...productRow(),
    price: '12.50', cost: null, note: null, image_url: null, commission: { type: 'none', value: null },
    inventory: { tracked: true, quantity: '40.000', low_stock_threshold: '5.000' },
    recipes: [{ id: ID.task, name: 'Default', active: true, components: [{ component_id: ID.raw, name: 'Clay', type: 'raw_material', quantity: '0.250' }] }],
    components: [], default_supplier_id: null,
    ...over,
  });
}

/** A task as GET /tasks lists it. */
export function taskRow(over: Partial<Task> = {}): Task {
  return taskSchema.parse({
    id: ID.task, object: 'task', title: 'Call Noga', description: null, status: 'open', priority: 'normal', due_date: '2026-02-01', due_at: null,
    customer_id: ID.customer, document_id: null, lead_id: null, assigned_user: null, created_at: AT, updated_at: AT,
    ...over,
  });
}

export function taskDetails(over: Partial<TaskDetails> = {}): TaskDetails {
  return taskDetailsSchema.parse({
    ...taskRow(),
    notes: null, starred: false, tag: null, lead_action_type: null, display_creator: null, linked_document_ids: [ID.document],
    ...over,
  });
}

export function tagRecord(over: Partial<Tag> = {}): Tag {
  return tagSchema.parse({ id: ID.tag, object: 'tag', name: 'VIP', color_hex: '#1A2B3C', created_at: AT, updated_at: AT, ...over });
}
