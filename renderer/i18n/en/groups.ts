export default {
  sales: 'Sales',
  catalog: 'Catalogue and stock',
  documents: 'Documents',
  expenses: 'Expenses and suppliers',
  settings: 'Settings',
} as const;
