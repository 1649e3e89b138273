/** The three demo businesses: who they are and how many records of each kind they hold. */
import type { BUSINESS_TYPES, EXPENSE_CATEGORY_CLASSIFICATIONS } from '../../../shared';
import type { CatalogTheme } from './catalog-theme';
import { coffeeTheme } from './theme-coffee';
import { bakeryTheme, yogaTheme } from './theme-small';

export interface Counts {
  customers: number; suppliers: number; leads: number; documents: number; drafts: number;
  tasks: number; expenses: number; expensePayments: number; importedPerSource: number; importedExpenses: number;
  salesAgents: number; bankAccounts: number;
  deletedCustomers: number; deletedSuppliers: number; deletedProducts: number;
  /** Customers and documents sharing SHARED_UPDATED_AT. */
  sharedUpdatedAt: number;
}

export interface BusinessProfile {
  key: 'A' | 'B' | 'C';
  identity: {
    name: string; english_name: string; business_number: string; business_type: (typeof BUSINESS_TYPES)[number];
    email: string; phone: string; street: string; city: string; postal_code: string; domain: string;
  };
  expensesEnabled: boolean;
  subscriptionActive: boolean;
  /** Share of Hebrew-language customers and documents. */
  hebrewShare: number;
  counts: Counts;
  theme: () => CatalogTheme;
  tags: readonly (readonly [name: string, color: string])[];
  categories: readonly (readonly [name: string, classification: (typeof EXPENSE_CATEGORY_CLASSIFICATIONS)[number]])[];
  /** Who buys from whom: supplier name stems for expenses. */
  supplierTrades: readonly string[];
}

export const PROFILES: readonly BusinessProfile[] = [
  {
    key: 'A',
    identity: {
      name: 'קפה השכונה בע״מ', english_name: 'Shchuna Coffee Ltd', business_number: '515123458', business_type: 'company',
      email: 'office@shchuna-coffee.co.il', phone: '03-5661234', street: 'פלורנטין 12', city: 'תל אביב-יפו', postal_code: '6603312',
      domain: 'shchuna-coffee.co.il',
    },
    expensesEnabled: true,
    subscriptionActive: true,
    hebrewShare: 0.7,
    counts: {
      customers: 306, suppliers: 52, leads: 105, documents: 500, drafts: 8, tasks: 140, expenses: 200, expensePayments: 70,
      importedPerSource: 40, importedExpenses: 40, salesAgents: 6, bankAccounts: 3,
      deletedCustomers: 4, deletedSuppliers: 2, deletedProducts: 2, sharedUpdatedAt: 6,
    },
    theme: coffeeTheme,
    tags: [
      ['VIP', '#D4AF37'], ['בית קפה', '#8B5A2B'], ['משרד', '#1E88E5'], ['סיטונאי', '#43A047'], ['אירועים', '#8E24AA'],
      ['Online', '#00ACC1'], ['מנוי', '#F4511E'], ['Hotel', '#3949AB'], ['חוב פתוח', '#E53935'], ['ירושלים', '#6D4C41'],
      ['Tourist area', '#FDD835'], ['חדש', '#7CB342'],
    ],
    categories: [
      ['פולים ירוקים', 'cost_of_goods'], ['אריזות', 'cost_of_goods'], ['חלב ומוצרי חלב', 'cost_of_goods'], ['שכירות', 'operating'],
      ['חשמל ומים', 'operating'], ['ארנונה', 'operating'], ['שיווק ופרסום', 'operating'], ['Software & SaaS', 'operating'],
      ['דלק ורכב', 'operating'], ['הנהלת חשבונות', 'operating'], ['ציוד ומכונות', 'asset'], ['תיקונים ותחזוקה', 'operating'],
      ['כיבוד וארוחות', 'non_deductible'], ['משלוחים', 'operating'], ['לא מסווג', 'unresolved'],
    ],
    supplierTrades: ['יבוא קפה', 'אריזות', 'מחלבת', 'הובלות', 'ציוד בריסטה', 'דפוס', 'חשמל', 'מחשוב'],
  },
  {
    key: 'B',
    identity: {
      name: 'מאפיית לחם הגליל', english_name: 'Galil Bread Bakery', business_number: '032145678', business_type: 'licensed_dealer',
      email: 'hello@galil-bakery.co.il', phone: '04-8123456', street: 'הנביאים 40', city: 'חיפה', postal_code: '3303740',
      domain: 'galil-bakery.co.il',
    },
    expensesEnabled: true,
    subscriptionActive: true,
    hebrewShare: 0.8,
    counts: {
      customers: 8, suppliers: 4, leads: 7, documents: 14, drafts: 2, tasks: 6, expenses: 8, expensePayments: 3,
      importedPerSource: 2, importedExpenses: 2, salesAgents: 2, bankAccounts: 1,
      deletedCustomers: 1, deletedSuppliers: 1, deletedProducts: 1, sharedUpdatedAt: 2,
    },
    theme: bakeryTheme,
    tags: [['סיטונאי', '#43A047'], ['Catering', '#8E24AA'], ['קבוע', '#1E88E5']],
    categories: [['קמח וחומרי גלם', 'cost_of_goods'], ['שכירות', 'operating'], ['לא מסווג', 'unresolved']],
    supplierTrades: ['טחנת קמח', 'מחלבת', 'אריזות'],
  },
  {
    key: 'C',
    identity: {
      name: 'סטודיו נשימה ליוגה', english_name: 'Neshima Yoga Studio', business_number: '204567893', business_type: 'exempt_dealer',
      email: 'studio@neshima-yoga.co.il', phone: '09-7712345', street: 'אחוזה 88', city: 'רעננה', postal_code: '4345088',
      domain: 'neshima-yoga.co.il',
    },
    expensesEnabled: false,
    subscriptionActive: false,
    hebrewShare: 0.6,
    counts: {
      customers: 3, suppliers: 2, leads: 7, documents: 3, drafts: 1, tasks: 4, expenses: 4, expensePayments: 1,
      importedPerSource: 1, importedExpenses: 1, salesAgents: 1, bankAccounts: 1,
      deletedCustomers: 0, deletedSuppliers: 0, deletedProducts: 0, sharedUpdatedAt: 0,
    },
    theme: yogaTheme,
    tags: [['מנוי', '#F4511E'], ['Private', '#3949AB']],
    categories: [['שכירות', 'operating'], ['ציוד', 'asset']],
    supplierTrades: ['ציוד ספורט', 'מחשוב'],
  },
];
