/**
 * Values the spec leaves unshown. Each lives here once; docs/assumptions.md lists them.
 */
export const API_VERSION_PREFIX = '/v1';
/** The two fixed archive path segments (spec: <archive_source_a>, <archive_source_b>). */
export const ARCHIVE_SOURCE_A = 'icount';
export const ARCHIVE_SOURCE_B = 'rivhit';
export const ARCHIVE_SOURCES = [ARCHIVE_SOURCE_A, ARCHIVE_SOURCE_B] as const;
/** The archives' document types and payment methods, in each provider's own words (the app shows them in the user's). */
export const IMPORTED_DOCUMENT_TYPES = { [ARCHIVE_SOURCE_A]: ['invoice', 'invrec', 'receipt', 'refund'], [ARCHIVE_SOURCE_B]: ['חשבונית מס', 'חשבונית מס קבלה', 'קבלה'] } as const;
export const IMPORTED_PAYMENT_METHODS = ['credit_card', 'cash', 'bank_transfer', 'cheque'] as const;
/** An expense's (and a category's) revision when created; each change adds one (spec 4.2 rule 4). */
export const FIRST_REVISION = 1;

export const DOCUMENT_TYPES = [
  'PRICE_QUOTE', 'ORDER', 'DELIVERY_NOTE', 'RETURN_NOTE', 'PROFORMA_INVOICE',
  'TAX_INVOICE', 'TAX_INVOICE_RECEIPT', 'RECEIPT', 'CREDIT_INVOICE', 'PURCHASE_ORDER',
] as const;
export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'credited', 'not_applicable'] as const;
export const LEAD_SOURCES = ['website', 'referral', 'phone', 'social', 'walk_in', 'campaign', 'other'] as const;
export const VAT_BEHAVIORS = ['excluding_vat', 'including_vat', 'exempt'] as const;
export const BUSINESS_TYPES = ['licensed_dealer', 'exempt_dealer', 'company', 'nonprofit'] as const;
export const TASK_PRIORITIES = ['normal', 'high'] as const;
export const DOCUMENT_LANGUAGES = ['he', 'en'] as const;
export const LEAD_ACTIVITY_TYPES = ['call', 'email', 'meeting', 'note', 'whatsapp'] as const;
export const LEAD_ACTION_TYPES = ['call', 'email', 'meeting', 'follow_up'] as const;
export const PAYMENT_TERMS = ['cash', 'net', 'none'] as const;
export const EXPENSE_CATEGORY_CLASSIFICATIONS = ['unresolved', 'operating', 'cost_of_goods', 'asset', 'non_deductible'] as const;
export const EXPENSE_PAYMENT_DIRECTIONS = ['outgoing', 'incoming'] as const;
export const EXPENSE_PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'check', 'other'] as const;
export const LEAD_CONVERT_MODES = ['default', 'link_existing_by_email'] as const;
/** Israeli VAT rate used for document totals. */
export const VAT_RATE_PERCENT = 18;
export const DEFAULT_CURRENCY = 'ILS';
/**
 * A blocking issue `duplicate_suspected` may name the expense it resembles in this field (the spec
 * shows only `code` and `message`); when it does, the expense links to that one.
 */
export const SIMILAR_EXPENSE_FIELD = 'similar_expense_id';
/** API key text format: bo_<env>_<public id 12 hex>_<secret 32 base62>. */
export const API_KEY_PATTERN = /^bo_(live|test)_([0-9a-f]{12})_([A-Za-z0-9]{32})$/;
/** Codes for 409s and idempotency-key errors the spec does not name. */
export const CONFLICT_CODES = {
  idempotencyKeyReused: 'idempotency_key_reused',
  staleRevision: 'revision_conflict',
  rawMaterialInUse: 'raw_material_in_use',
  notDraft: 'invalid_state',
  /** Approving an expense that still has blocking issues. */
  approvalBlocked: 'approval_blocked',
} as const;
export const INVALID_IDEMPOTENCY_KEY_CODE = 'invalid_idempotency_key';
export const FEATURE_DISABLED_CODE = 'feature_disabled';
/**
 * Document attachments (the spec gives no bounds): at most 5 files of 4 MiB each, sent as base64
 * (5,592,408 characters for 4 MiB). The bridge's body limit follows from these.
 */
export const ATTACHMENT_LIMITS = { files: 5, base64Chars: 5_592_408 } as const;
/** Lifetime of a signed PDF link. */
export const PDF_LINK_TTL_SECONDS = 300;

/** Read values upper-cased for write bodies (spec 2.13: write enums are the schema values, mostly upper case). */
export const upper = <T extends readonly string[]>(values: T) =>
  values.map((v) => v.toUpperCase()) as { [K in keyof T]: Uppercase<T[K] & string> };
