import { listOnly, resource, subTable, type FieldArg } from './define';
import type { ListItem, ReadData, ResourceDecl } from './types';

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
      fields: [['inventory.tracked', 'boolean', { label: 'inventory_tracked' }], ['inventory.quantity', 'quantity'], ['inventory.low_stock_threshold', 'quantity']],
    },
    { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
  ],
  tables: [
    subTable<ProductD, 'recipes'>('recipes', 'recipes', [['name', 'text'], ['active', 'boolean'], ['components', 'namedList']]),
    subTable<ProductD, 'components'>('components', 'components', [['name', 'text'], ['type', 'enum'], ['quantity', 'quantity']]),
  ],
} satisfies Omit<Parameters<typeof resource<'products.list', 'products.details'>>[2], 'route'>;

const products = resource('products', { route: 'products.list', columns: productColumns }, { route: 'products.details', ...productDetail });
// GET /raw-materials/{id} is already the full record (spec 4.1); its schema is the product details one.
const rawMaterials: ResourceDecl = {
  ...resource('raw-materials', { route: 'rawMaterials.list', columns: productColumns }, { route: 'products.details', ...productDetail }),
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
