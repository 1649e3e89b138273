export default {
  PRICE_QUOTE: 'Price quote', ORDER: 'Order', DELIVERY_NOTE: 'Delivery note', RETURN_NOTE: 'Return note', PROFORMA_INVOICE: 'Proforma invoice',
  TAX_INVOICE: 'Tax invoice', TAX_INVOICE_RECEIPT: 'Tax invoice receipt', RECEIPT: 'Receipt', CREDIT_INVOICE: 'Credit invoice',
  PURCHASE_ORDER: 'Purchase order', website: 'Website', referral: 'Referral', phone: 'Phone', social: 'Social media', walk_in: 'Walk-in',
  campaign: 'Campaign', other: 'Other', excluding_vat: 'Excluding VAT', including_vat: 'Including VAT', exempt: 'Exempt',
  licensed_dealer: 'Licensed dealer', exempt_dealer: 'Exempt dealer', company: 'Company', nonprofit: 'Nonprofit', normal: 'Normal',
  high: 'High', he: 'Hebrew', en: 'English', call: 'Call', email: 'Email', meeting: 'Meeting', note: 'Note', whatsapp: 'WhatsApp',
  follow_up: 'Follow-up', cash: 'Cash', net: 'Net', none: 'None', unresolved: 'Unresolved', operating: 'Operating',
  cost_of_goods: 'Cost of goods', asset: 'Asset', non_deductible: 'Non-deductible', outgoing: 'Outgoing', incoming: 'Incoming',
  bank_transfer: 'Bank transfer', card: 'Card', check: 'Check', paypal: 'PayPal', product: 'Product', raw_material: 'Raw material',
  checking: 'Checking', savings: 'Savings', credit_card: 'Credit card', icount: 'iCount', rivhit: 'Rivhit', percent: 'Percent',
  fixed: 'Fixed',
  // The archives' own document types and payment methods (shared IMPORTED_DOCUMENT_TYPES, IMPORTED_PAYMENT_METHODS).
  invoice: 'Tax invoice', invrec: 'Tax invoice receipt', receipt: 'Receipt', refund: 'Credit invoice', cheque: 'Check',
  'חשבונית מס': 'Tax invoice', 'חשבונית מס קבלה': 'Tax invoice receipt', 'קבלה': 'Receipt',
  default: 'Create a new customer', link_existing_by_email: 'Link the customer with the same email (or create one)',
} as const;
