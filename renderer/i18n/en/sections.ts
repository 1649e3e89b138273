export default {
  overview: 'Overview', links: 'Related records', record: 'Record', address: 'Address', terms: 'Terms and VAT',
  purchasing: 'Purchasing', inventory: 'Stock', amounts: 'Amounts', file: 'PDF file',
  contact: 'Phones and emails', special_prices: 'Special prices', notes: 'Notes', pricing: 'Price and VAT', recipe: 'Recipe',
  line_items: 'Lines', payments: 'Payments received', more: 'More',
  contact_details: 'Contact details', products_of_interest: 'Products of interest', activity: 'First activity',
  supplier: 'Supplier', confirmation: 'Reason and confirmation', credit: 'Credit to apply', allocations: 'Expenses paid', reversal: 'Reversal',
} as const;
