import { resource, subTable } from './define';
import { partyResource } from './parties';
import type { ReadData, ResourceDecl } from './types';

type ExpD = ReadData<'expenses.get'>;
type PayD = ReadData<'expensePayments.get'>;
type ImpD = ReadData<'importedExpenses.get'>;


const expenses = resource(
  'expenses',
  {
    route: 'expenses.list',
    columns: [
      ['issue_date', 'date'], ['supplier_name', 'text'], ['supplier_document_number', 'text'], ['description', 'text', { hidden: true }],
      ['total', 'decimalMoney', { currency: 'currency' }], ['balance_due', 'decimalMoney', { currency: 'currency' }], ['review_status', 'status'],
      ['is_credit', 'boolean', { hidden: true }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
    ],
  },
  {
    route: 'expenses.get',
    title: 'supplier_name',
    sections: [
      {
        title: 'overview',
        fields: [
          ['supplier_name', 'text'], ['supplier_document_number', 'text'], ['description', 'text'], ['review_status', 'status'], ['is_credit', 'boolean'],
          ['issue_date', 'date'], ['due_date', 'date'], ['revision', 'number'], ['void_reason', 'text'],
        ],
      },
      {
        title: 'amounts',
        fields: [
          ['subtotal', 'decimalMoney', { currency: 'currency' }], ['vat_amount', 'decimalMoney', { currency: 'currency' }],
          ['total', 'decimalMoney', { currency: 'currency' }], ['balance_due', 'decimalMoney', { currency: 'currency' }],
        ],
      },
      {
        title: 'links',
        fields: [
          ['supplier_id', 'id', { link: { area: 'suppliers', id: 'supplier_id' } }],
          ['category_id', 'id', { link: { area: 'expense-categories', id: 'category_id' } }],
        ],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
    tables: [
      subTable<ExpD, 'lines'>('line_items', 'lines', [['description', 'text'], ['quantity', 'quantity'], ['unit_price', 'decimalMoney'], ['vat_rate', 'percent'], ['total', 'decimalMoney']]),
      subTable<ExpD, 'blocking_issues'>('blocking_issues', 'blocking_issues', [['code', 'text'], ['message', 'text']]),
      subTable<ExpD, 'credits'>('credits', 'credits', [['created_at', 'timestamp'], ['amount', 'decimalMoney'], ['reason', 'text']], { area: 'expenses', id: 'credit_expense_id' }),
      subTable<ExpD, 'payment_allocations'>('payment_allocations', 'payment_allocations', [['payment_id', 'id'], ['amount', 'decimalMoney'], ['reversed', 'boolean']], { area: 'expense-payments', id: 'payment_id' }),
    ],
  },
);

const categories = resource(
  'expense-categories',
  { route: 'expenseCategories.list', columns: [['name', 'text'], ['classification', 'enum'], ['revision', 'number', { hidden: true }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp']] },
  {
    route: 'expenseCategories.get',
    title: 'name',
    sections: [{ title: 'overview', fields: [['name', 'text'], ['classification', 'enum'], ['revision', 'number']] }, { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] }],
  },
);

const payments = resource(
  'expense-payments',
  {
    route: 'expensePayments.list',
    columns: [
      ['payment_date', 'date'], ['direction', 'enum'], ['method', 'enum'], ['amount', 'decimalMoney', { currency: 'currency' }],
      ['unallocated_amount', 'decimalMoney', { currency: 'currency' }], ['created_at', 'timestamp'],
    ],
  },
  {
    route: 'expensePayments.get',
    title: 'payment_date',
    sections: [
      {
        title: 'overview',
        fields: [['payment_date', 'date'], ['direction', 'enum'], ['method', 'enum'], ['amount', 'decimalMoney', { currency: 'currency' }], ['unallocated_amount', 'decimalMoney', { currency: 'currency' }]],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp']] },
    ],
    tables: [
      subTable<PayD, 'allocations'>('allocations', 'allocations', [['expense_id', 'id'], ['amount', 'decimalMoney']], { area: 'expenses', id: 'expense_id' }),
      subTable<PayD, 'reversals'>('reversals', 'reversals', [['created_at', 'timestamp'], ['reason', 'text']]),
    ],
  },
);

const importedExpenses = resource(
  'imported-expenses',
  {
    route: 'importedExpenses.list',
    columns: [
      ['document_number', 'text'], ['supplier_name', 'text'], ['issue_date', 'date'], ['total', 'decimalMoney', { currency: 'currency' }],
      ['vat_amount', 'decimalMoney', { currency: 'currency', hidden: true }], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp'],
    ],
  },
  {
    route: 'importedExpenses.get',
    title: 'document_number',
    sections: [
      {
        title: 'overview',
        fields: [['document_number', 'text'], ['source', 'enum'], ['supplier_name', 'text'], ['issue_date', 'date'], ['total', 'decimalMoney', { currency: 'currency' }], ['vat_amount', 'decimalMoney', { currency: 'currency' }]],
      },
      { title: 'file', fields: [['pdf_file.file_name', 'text'], ['pdf_file.content_type', 'text'], ['pdf_file.size_bytes', 'bytes']] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
    tables: [subTable<ImpD, 'lines'>('line_items', 'lines', [['description', 'text'], ['total', 'decimalMoney']])],
  },
);

export const EXPENSES: ResourceDecl[] = [expenses, categories, payments, importedExpenses, partyResource('suppliers')];
