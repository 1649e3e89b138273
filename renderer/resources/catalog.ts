import { DEFAULT_CURRENCY } from '../../shared';
import { form, listOnly, resource, subTable, type FieldArg, type FormFieldArg } from './define';
import type { ListItem, ReadData, ResourceDecl, WriteDecl } from './types';

type ProductD = ReadData<'products.details'>;

const productColumns: FieldArg<ListItem<'products.list'>>[] = [
  ['name', 'text'], ['sku', 'text'], ['barcode', 'text', { hidden: true }], ['price_minor', 'money', { currency: 'currency', label: 'price' }],
  ['vat_behavior', 'enum', { hidden: true }], ['inventory_tracked', 'boolean'], ['status', 'status'],
  ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp'],
];

/** Products and raw materials share one detailed shape (spec 2.5, 4.1). */
const productDetail = {
  title: 'name',
  sections: [
    {
      title: 'overview',
      fields: [
        ['name', 'text'], ['type', 'enum'], ['status', 'status'], ['sku', 'text'], ['barcode', 'text'],
        ['price', 'decimalMoney', { currency: 'currency' }], ['cost', 'decimalMoney', { currency: 'currency' }], ['vat_behavior', 'enum'],
        ['commission.type', 'enum', { label: 'commission' }], ['commission.value', 'text', { label: 'commission_value' }], ['note', 'text'], ['image_url', 'text'],
        ['default_supplier_id', 'id', { link: { area: 'suppliers', id: 'default_supplier_id' } }],
      ],
    },
    {
      title: 'inventory',
      fields: [['inventory.tracked', 'boolean', { label: 'inventory_tracked' }], ['inventory.quantity', 'quantity', { unit: 'unit' }], ['inventory.low_stock_threshold', 'quantity', { unit: 'unit' }]],
    },
    { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
  ],
  tables: [
    subTable<ProductD, 'recipes'>('recipes', 'recipes', [['name', 'text'], ['active', 'boolean'], ['components', 'namedList']]),
    subTable<ProductD, 'components'>('components', 'components', [['name', 'text'], ['type', 'enum'], ['quantity', 'quantity']]),
  ],
} satisfies Omit<Parameters<typeof resource<'products.list', 'products.details'>>[2], 'route'>;

/** Product and raw-material forms: one layout (raw materials add a default supplier). */
function catalogSections(raw: boolean): { title: string; fields: FormFieldArg<'rawMaterials.create'>[] }[] {
  return [
    { title: 'overview', fields: [{ key: 'description', label: 'name' }, 'sku', 'barcode', 'status', ...(raw ? (['default_supplier_id'] as const) : [])] },
    { title: 'pricing', fields: ['price', 'cost', 'currency', 'vat_behavior'] },
    { title: 'inventory', fields: ['track_inventory', 'quantity', 'low_stock_threshold'] },
    { title: 'recipe', fields: [{ key: 'recipe', columns: ['component_id', 'quantity'] }] },
    { title: 'notes', fields: ['note'] },
  ];
}
const withoutSupplier = (x: ReturnType<typeof catalogSections>) => x as { title: string; fields: FormFieldArg<'products.create'>[] }[];
const catalogInitial = () => ({ currency: DEFAULT_CURRENCY, vat_behavior: 'EXCLUDING_VAT' as const, status: 'ACTIVE' as const });

function catalogWrites(k: 'products' | 'rawMaterials'): WriteDecl {
  const raw = k === 'rawMaterials';
  return {
    create: raw ? form('rawMaterials.create', catalogSections(true), { initial: catalogInitial }) : form('products.create', withoutSupplier(catalogSections(false)), { initial: catalogInitial }),
    edit: raw ? form('rawMaterials.update', catalogSections(true)) : form('products.update', withoutSupplier(catalogSections(false))),
    delete: { route: `${k}.delete` },
    restore: { route: `${k}.restore` },
    // Stock settings and names show in the inventory lists too.
    affects: ['inventory', 'inventory-movements'],
  };
}

const products = resource('products', { route: 'products.list', columns: productColumns }, { route: 'products.details', ...productDetail }, { writes: catalogWrites('products') });
// GET /raw-materials/{id} is already the full record (spec 4.1); its schema is the product details one.
const rawMaterials: ResourceDecl = {
  ...resource('raw-materials', { route: 'rawMaterials.list', columns: productColumns }, { route: 'products.details', ...productDetail }, { writes: catalogWrites('rawMaterials') }),
  area: 'raw-materials',
};
rawMaterials.detail = { ...rawMaterials.detail, route: 'rawMaterials.get' };

const inventory = resource(
  'inventory',
  {
    route: 'inventory.list',
    // GET /inventory/{id} takes the product id (spec 4.1), not the level id.
    rowId: 'product_id',
    columns: [
      ['product_name', 'text'], ['sku', 'text'], ['quantity', 'quantity'], ['low_stock_threshold', 'quantity'], ['status', 'status'],
      ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
    ],
  },
  {
    route: 'inventory.get',
    title: 'product_name',
    sections: [
      { title: 'overview', fields: [['product_name', 'text'], ['track_inventory', 'boolean'], ['quantity', 'quantity'], ['low_stock_threshold', 'quantity']] },
      { title: 'links', fields: [['product_id', 'id', { link: { area: 'products', id: 'product_id' } }]] },
      { title: 'record', fields: [['updated_at', 'timestamp']] },
    ],
  },
  {
    writes: {
      edit: form('inventory.update', [{ title: 'inventory', fields: ['track_inventory', { key: 'quantity', hint: 'absoluteQuantity' }, 'low_stock_threshold'] }]),
      affects: ['products', 'raw-materials'],
    },
  },
);

const movements = listOnly(
  'inventory-movements',
  {
    route: 'inventory.movements',
    columns: [
      ['created_at', 'timestamp'], ['product_name', 'text'], ['sku', 'text'], ['direction', 'status'], ['quantity', 'quantity'],
      ['document_id', 'id', { link: { area: 'documents', id: 'document_id' } }],
    ],
  },
  {
    title: 'product_name',
    sections: [
      { title: 'overview', fields: [['product_name', 'text'], ['sku', 'text'], ['direction', 'status'], ['quantity', 'quantity']] },
      {
        title: 'links',
        fields: [['product_id', 'id', { link: { area: 'products', id: 'product_id' } }], ['document_id', 'id', { link: { area: 'documents', id: 'document_id' } }]],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp']] },
    ],
  },
);

export const CATALOG: ResourceDecl[] = [products, rawMaterials, inventory, movements];
