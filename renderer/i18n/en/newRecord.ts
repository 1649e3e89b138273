export default {
  customers: 'New customer', suppliers: 'New supplier', products: 'New product', 'raw-materials': 'New raw material', tags: 'New tag',
  tasks: 'New task', documents: 'New document', 'document-drafts': 'New draft', leads: 'New lead intake', expenses: 'New expense',
  'expense-categories': 'New category', 'expense-payments': 'New expense payment',
} as const;
