export default {
  activities: 'Activities', tasks: 'Tasks', products_of_interest: 'Products of interest', contacts: 'Contacts', phones: 'Phones',
  addresses: 'Addresses', special_prices: 'Special prices', tags: 'Tags', recipes: 'Recipes', components: 'Components',
  line_items: 'Lines', payments: 'Payments', attachments: 'Attachments', blocking_issues: 'Issues blocking approval',
  credits: 'Credits', payment_allocations: 'Payment allocations', allocations: 'Allocations', reversals: 'Reversals',
  updated_balances: 'Balances now',
} as const;
