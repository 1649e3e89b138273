import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RECORD_TO_BODY, RESOURCE_AREAS, ROUTES, DOCUMENT_TYPES, PAYMENT_STATUSES, LEAD_SOURCES, VAT_BEHAVIORS, BUSINESS_TYPES, TASK_PRIORITIES, unwrapField, SIMILAR_EXPENSE_FIELD,
  type PrefilledRouteId, type RouteDef,
} from '../../shared';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import { APP_AREAS, GROUPS, groupOf } from '../../renderer/resources/groups';
import { leadStatusBack } from '../../renderer/resources/sales';
import { blockersOf } from '../../renderer/resources/expenses';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import type { BodyRouteId, FieldSpec, FormSpec, ResourceDecl, WriteDecl, WriteRouteId } from '../../renderer/resources/types';
import { modelOf, type FieldModel } from '../../renderer/forms/model';
import { toFormValues } from '../../renderer/forms/values';
import { checkForm } from '../../renderer/forms/validate';
import { nameSourceOf } from '../../renderer/resources/names';
import { labelOf as recordLabelOf } from '../../renderer/resources/lookup';

const decls = Object.values(DECLS_BY_GROUP).flat();
const labelOf = (f: FieldSpec) => f.label ?? f.key.split('.').pop()!;

describe('navigation groups', () => {
  it('list every API area exactly once, plus the app\'s own screens (connection profiles, the review queue)', () => {
    const listed = Object.values(GROUPS).flat();
    expect(listed.filter((a) => !(APP_AREAS as readonly string[]).includes(a)).sort()).toEqual(Object.keys(RESOURCE_AREAS).sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(groupOf('suppliers')).toBe('expenses');
    expect(groupOf('leads')).toBe('sales');
  });

  it('put each declaration in the group its area belongs to', () => {
    for (const [group, list] of Object.entries(DECLS_BY_GROUP)) for (const d of list) expect(groupOf(d.area), d.area).toBe(group);
    expect(decls.map((d) => d.area).sort()).toEqual(Object.keys(RESOURCE_AREAS).sort());
  });
});

describe('resource declarations', () => {
  it('use the routes the route table derives for their area (details where they exist)', () => {
    for (const d of decls) {
      const area = RESOURCE_AREAS[d.area]!;
      expect(d.list?.route, d.area).toBe(area.list);
      expect(d.detail.route, d.area).toBe(area.details ?? area.get);
    }
  });

  it('read list rows from the route they declare and the detail route from the same resource', () => {
    for (const d of decls) {
      if (d.list) expect(ROUTES[d.list.route].resource).toBe(d.area);
      if (d.detail.route) expect(ROUTES[d.detail.route].method).toBe('GET');
    }
  });

  it('link only to areas that exist', () => {
    const areas = new Set(Object.keys(RESOURCE_AREAS));
    for (const d of decls) {
      const all = [...(d.list?.columns ?? []), ...d.detail.sections.flatMap((s) => s.fields), ...d.detail.tables.flatMap((t) => t.columns)];
      for (const f of all) if (f.link) expect(areas.has(f.link.area), `${d.area}.${f.key} -> ${f.link.area}`).toBe(true);
      for (const t of d.detail.tables) if (t.rowLink) expect(areas.has(t.rowLink.area)).toBe(true);
    }
  });

  it('show status and amounts by default, in at most seven columns (they must fit at 1280 px; the rest stay in the column menu)', () => {
    for (const d of decls) {
      const columns = d.list?.columns ?? [];
      const shown = columns.filter((c) => !c.hidden);
      expect(shown.length, `${d.area} default columns`).toBeLessThanOrEqual(7);
      expect(shown.length, `${d.area} default columns`).toBeGreaterThanOrEqual(Math.min(3, columns.length));
      if (columns.some((c) => c.kind === 'status')) expect(shown.some((c) => c.kind === 'status'), `${d.area} status`).toBe(true);
      if (columns.some((c) => c.kind === 'money' || c.kind === 'decimalMoney')) {
        expect(shown.some((c) => c.kind === 'money' || c.kind === 'decimalMoney'), `${d.area} amount`).toBe(true);
      }
    }
  });

  it('money columns name a currency path (list rows carry their own currency)', () => {
    for (const d of decls) for (const c of d.list?.columns ?? []) if (c.kind === 'money' || c.kind === 'decimalMoney') expect(c.currency, `${d.area}.${c.key}`).toBe('currency');
  });
});

describe('translations', () => {
  const keysOf = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : keysOf(v as object, `${p}${k}.`)));

  // A count text's forms differ by language ("x_one", "x_two", "x_other"): compared by the text they form.
  const textsOf = (o: object) => [...new Set(keysOf(o).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

  it('Hebrew has exactly the English texts, none empty', () => {
    expect(textsOf(he)).toEqual(textsOf(en));
    for (const k of keysOf(he)) expect(k.split('.').reduce<unknown>((o, s) => (o as Record<string, unknown>)[s], he), k).not.toBe('');
  });

  it('label every field, section, sub-table and area the declarations use', () => {
    for (const d of decls) {
      expect(en.areas).toHaveProperty([d.area]);
      for (const c of d.list?.columns ?? []) expect(en.fields, `${d.area} column ${c.key}`).toHaveProperty([labelOf(c)]);
      for (const s of d.detail.sections) {
        expect(en.sections).toHaveProperty([s.title]);
        for (const f of s.fields) expect(en.fields, `${d.area} field ${f.key}`).toHaveProperty([labelOf(f)]);
      }
      for (const t of d.detail.tables) {
        expect(en.tables).toHaveProperty([t.title]);
        for (const c of t.columns) expect(en.fields).toHaveProperty([labelOf(c)]);
      }
    }
  });

  it('name a document by what is known of it: no empty part for a number or customer not known yet (one made offline)', () => {
    const plain = (s: string) => s.replace(/[\u2068\u2069]/g, '');
    expect(plain(recordLabelOf('documents', { document_number: 10141, customer: { id: 'c', name: 'Emma Golan' }, title: 'March' }))).toBe('10141 · Emma Golan');
    expect(plain(recordLabelOf('documents', { document_number: null, customer: null, title: 'March retainer' }))).toBe('March retainer');
    expect(plain(recordLabelOf('documents', { customer_id: 'c', title: 'Typed title' }))).toBe('Typed title');
  });

  it('label every status filter value and every assumed enumeration', () => {
    for (const r of Object.values(ROUTES)) for (const s of r.list?.statuses ?? []) expect(en.status, s).toHaveProperty([s]);
    for (const v of [...DOCUMENT_TYPES, ...LEAD_SOURCES, ...VAT_BEHAVIORS, ...BUSINESS_TYPES, ...TASK_PRIORITIES]) expect(en.enums, v).toHaveProperty([v]);
    for (const v of PAYMENT_STATUSES) expect(en.status, v).toHaveProperty([v]);
  });
});

describe('linked records by name', () => {
  it('reads a linked record through its area\'s detail route when the heading is a name or title', () => {
    expect(nameSourceOf('customers')).toEqual({ route: 'customers.details', title: 'name' });
    expect(nameSourceOf('suppliers')).toEqual({ route: 'suppliers.details', title: 'name' });
    expect(nameSourceOf('documents')).toEqual({ route: 'documents.details', title: 'title' });
    expect(nameSourceOf('expense-categories')).toEqual({ route: 'expenseCategories.get', title: 'name' });
    expect(nameSourceOf('leads')).toEqual({ route: 'leads.details', title: 'name' });
    expect(nameSourceOf('products')).toEqual({ route: 'products.details', title: 'name' });
  });

  it('keeps the short id where the heading is not a name (a date, an enum) or there is no single-record route', () => {
    expect(nameSourceOf('payments')).toBeNull(); // heading is the payment date
    expect(nameSourceOf('expense-payments')).toBeNull();
    expect(nameSourceOf('document-drafts')).toBeNull(); // heading is the document type
    expect(nameSourceOf('inventory-movements')).toBeNull(); // list only
    expect(nameSourceOf('nowhere')).toBeNull();
  });

  it('every link target of a detail view is an area (so a name source, when there is one, is found)', () => {
    for (const d of decls) {
      for (const f of d.detail.sections.flatMap((s) => s.fields)) {
        if (f.link && nameSourceOf(f.link.area)) expect(ROUTES[nameSourceOf(f.link.area)!.route].path, `${d.area}.${f.key}`).toMatch(/\{id\}/);
      }
    }
  });
});

/** The areas whose every write route a declaration must reach (issue 8). */
const OWNER_AREAS = ['customers', 'suppliers', 'products', 'raw-materials', 'inventory', 'tags', 'tasks', 'documents', 'document-drafts', 'leads'];
const writesOf = (d: ResourceDecl): WriteDecl => d.writes ?? {};
/** Every form a declaration has: create, edit, delete and action forms. */
const formsOf = (d: ResourceDecl): FormSpec[] => {
  const w = writesOf(d);
  return [w.create, w.edit, w.delete?.form, ...(w.actions ?? []).map((a) => a.form)].filter((f): f is FormSpec => f !== undefined);
};
/** A form route's body schema (a form is only declared on a route that takes one). */
const bodyOf = (route: BodyRouteId): z.ZodType => {
  const { body }: RouteDef = ROUTES[route];
  if (!body) throw new Error(`${route} takes no body`);
  return body;
};
const bodyKeys = (route: BodyRouteId): string[] => {
  const { inner } = unwrapField(bodyOf(route));
  if (!(inner instanceof z.ZodObject)) throw new Error(`${route}: the body is not an object`);
  return Object.keys(inner.shape);
};
/** A form's fields with their model (the input derived from the body). */
const formFields = (f: FormSpec) => {
  const models = modelOf(bodyOf(f.route));
  return f.sections.flatMap((s) => s.fields.map((spec) => ({ spec, model: models.find((m) => m.key === spec.key), section: s.title })));
};

describe('write declarations', () => {
  it('reach every write route of the owner\'s areas (create, edit, delete, restore or an action)', () => {
    const reached = new Set(decls.flatMap((d) => {
      const w = writesOf(d);
      return [w.create?.route, w.edit?.route, w.delete?.route, w.delete?.form?.route, w.restore?.route, ...(w.actions ?? []).flatMap((a) => [a.route, a.form?.route])];
    }));
    const writes = Object.entries(ROUTES).filter(([, r]) => r.method !== 'GET' && OWNER_AREAS.includes(r.resource)).map(([id]) => id);
    expect(writes.length).toBeGreaterThanOrEqual(30);
    expect(writes.filter((id) => !reached.has(id as WriteRouteId))).toEqual([]);
  });

  it('declare writes only in the area their routes belong to, and forms only on routes that take a body', () => {
    for (const d of decls) {
      const w = writesOf(d);
      const routes = [w.create?.route, w.edit?.route, w.delete?.route, w.restore?.route, ...(w.actions ?? []).map((a) => a.route)].filter((r) => r !== undefined);
      for (const r of routes) expect(ROUTES[r].resource, `${d.area}: ${r}`).toBe(d.area);
      if (w.create) expect(ROUTES[w.create.route].kind, d.area).toBe('create');
      if (w.edit) expect(ROUTES[w.edit.route].kind, d.area).toBe('update');
      if (w.delete) expect(ROUTES[w.delete.route].kind, d.area).toBe('delete');
      for (const f of formsOf(d)) expect(ROUTES[f.route].body, `${d.area}: ${f.route}`).toBeDefined();
      for (const a of w.actions ?? []) if (a.form) expect(a.form.route, `${d.area}.${a.key}`).toBe(a.route);
      for (const area of w.affects ?? []) expect(Object.keys(RESOURCE_AREAS), `${d.area} affects ${area}`).toContain(area);
    }
  });

  it('name only keys of the body: form fields at the top level; list columns, labels, fills, new rows and exclusive boxes in the element', () => {
    for (const d of decls) {
      for (const f of formsOf(d)) {
        const keys = bodyKeys(f.route);
        const seen = new Set<string>();
        for (const { spec, model } of formFields(f)) {
          const where = `${d.area} ${f.route} ${spec.key}`;
          expect(keys, where).toContain(spec.key);
          expect(seen.has(spec.key), `${where} twice`).toBe(false);
          seen.add(spec.key);
          const inner = (model?.fields ?? []).map((m) => m.key);
          for (const c of spec.columns ?? []) expect(inner, `${where} column`).toContain(c);
          for (const k of Object.keys(spec.labels ?? {})) expect(inner, `${where} label`).toContain(k);
          if (spec.exclusive) expect(model?.fields?.find((m) => m.key === spec.exclusive)?.kind, `${where} exclusive`).toBe('boolean');
          if (spec.columns || spec.fill) expect(model?.kind, where).toBe('list');
          for (const [column, fill] of Object.entries(spec.fill ?? {})) {
            expect(model?.fields?.find((m) => m.key === column)?.kind, `${where} fill from ${column}`).toBe('ref');
            const filled = fill({ id: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c4001', name: 'Espresso cup', sku: 'CUP-1', price_minor: 1250, currency: 'ILS' });
            for (const k of Object.keys(filled)) expect(inner, `${where} fills ${k}`).toContain(k);
          }
          // A row the user adds starts with values of its own columns (a write value for a choice).
          for (const [k, v] of Object.entries(spec.newRow?.() ?? {})) {
            const column = model?.fields?.find((m) => m.key === k);
            expect(column, `${where} new row ${k}`).toBeDefined();
            if (column?.enum) expect(column.enum.write, `${where} new row ${k}`).toContain(v);
          }
          if (spec.structured) {
            const known = bodyKeys(spec.structured.route);
            for (const k of spec.structured.fields) expect(known, `${where} structured`).toContain(k);
            expect(model?.kind, where).toBe('json');
          }
        }
      }
    }
  });

  it('a picked product fills its document line with its name, SKU and price as a decimal', () => {
    const documents = decls.find((d) => d.area === 'documents')!;
    const lines = formFields(writesOf(documents).create!).find((f) => f.spec.key === 'lines')!;
    expect(lines.spec.fill?.product_id?.({ name: 'Espresso cup', sku: null, price_minor: 1250, currency: 'ILS' })).toEqual({ name: 'Espresso cup', sku: null, unit_price: '12.50' });
  });

  it('start an edit or action form from the record its area\'s detail view shows (they share its cache)', () => {
    for (const d of decls) {
      for (const f of formsOf(d)) {
        if (ROUTES[f.route].kind === 'update') expect(Object.keys(RECORD_TO_BODY), `${d.area}: ${f.route} starts empty`).toContain(f.route);
        if (f.route in RECORD_TO_BODY) expect(RECORD_TO_BODY[f.route as PrefilledRouteId].read, `${d.area}: ${f.route}`).toBe(d.detail.route);
      }
    }
  });

  it('start new records from values the create route accepts where they are set (what is left empty is the user\'s to fill)', () => {
    const at = (v: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);
    for (const d of decls) {
      const create = writesOf(d).create;
      if (!create?.initial) continue;
      const models = modelOf(bodyOf(create.route));
      const initial = create.initial();
      const { issues } = checkForm(bodyOf(create.route), models, toFormValues(models, initial), { mode: 'create' });
      for (const i of issues) expect(at(initial, i.path) ?? '', `${d.area}: ${i.path} ${i.rule}`).toBe('');
    }
  });
});

describe('write labels', () => {
  /** Fails with the key when either language lacks it. */
  const labelled = (path: string[], where: string) => {
    for (const [lang, texts] of [['en', en], ['he', he]] as const) expect(texts, `${lang} ${path.join('.')} (${where})`).toHaveProperty(path);
  };
  /** The option labels of an enum input and the area names of a reference picker's groups. */
  const optionLabels = (m: FieldModel, where: string) => {
    if (m.enum) for (const r of m.enum.read) labelled([m.enum.labels, r], where);
    for (const area of m.refs ?? []) labelled(['areas', area], where);
  };

  it('every form shows labels that exist in English and Hebrew: sections, fields, nested fields, columns, options, hints', () => {
    for (const d of decls) {
      for (const f of formsOf(d)) {
        for (const { spec, model, section } of formFields(f)) {
          const where = `${d.area} ${f.route} ${spec.key}`;
          labelled(['sections', section], where);
          labelled(['fields', spec.label ?? spec.key], where);
          if (spec.hint) labelled(['hints', spec.hint], where);
          if (!model) continue;
          optionLabels(model, where);
          // Object fields and list columns are labelled by their own key unless the declaration renames them.
          const inner = model.kind === 'list' ? (spec.columns ?? (model.fields ?? []).map((m) => m.key)) : model.kind === 'object' ? (model.fields ?? []).map((m) => m.key) : [];
          for (const k of inner) {
            labelled(['fields', spec.labels?.[k] ?? k], `${where}.${k}`);
            optionLabels(model.fields!.find((m) => m.key === k)!, `${where}.${k}`);
          }
          // A free-form object edited with another body's inputs: those inputs' labels.
          if (spec.structured) {
            const known = modelOf(bodyOf(spec.structured.route)).filter((m) => spec.structured!.fields.includes(m.key));
            for (const m of known) {
              labelled(['fields', m.key], `${where}.${m.key}`);
              optionLabels(m, `${where}.${m.key}`);
              for (const c of m.fields ?? []) { labelled(['fields', c.key], `${where}.${m.key}.${c.key}`); optionLabels(c, `${where}.${m.key}.${c.key}`); }
            }
          }
        }
        for (const line of f.summary?.({}, 'en') ?? []) labelled(['fields', line.label], `${d.area} summary`);
      }
    }
  });

  it('a new record, every action and its confirmation are named in both languages', () => {
    for (const d of decls) {
      const w = writesOf(d);
      if (w.create) labelled(['newRecord', d.area], d.area);
      for (const a of w.actions ?? []) {
        labelled(['actions', a.key], `${d.area}.${a.key}`);
        if (!a.form) labelled(['confirmAction', a.key], `${d.area}.${a.key}`);
      }
    }
  });

  it('the document form\'s estimate is labelled (subtotal, VAT, total)', () => {
    const documents = decls.find((d) => d.area === 'documents')!;
    const estimate = writesOf(documents).create!.summary!({ currency: 'ILS', lines: [{ quantity: '2', unit_price: '10', vat_included: false }] }, 'en-US');
    expect(estimate.map((l) => l.label)).toEqual(['subtotal', 'vat', 'total']);
    expect(estimate.map((l) => l.value)).toEqual(['₪20.00', '₪3.60', '₪23.60']);
    for (const l of estimate) labelled(['fields', l.label], 'documents summary');
  });
});

describe('records that start records of other areas', () => {
  it('each start leads to a create form that takes its values from that area, with a label in both languages', () => {
    const starts = decls.flatMap((d) => (d.writes?.starts ?? []).map((st) => ({ from: d.area, ...st })));
    expect(starts.map((st) => `${st.from} -> ${st.area}`).sort()).toEqual([
      'customers -> documents', 'customers -> tasks', 'document-drafts -> documents', 'documents -> tasks', 'expenses -> expense-payments', 'leads -> tasks', 'suppliers -> expenses',
    ]);
    for (const st of starts) {
      const target = decls.find((d) => d.area === st.area)!;
      expect(target.writes?.create?.prefill?.[st.from], `${st.from} -> ${st.area}`).toBeTypeOf('function');
      expect((en.starts as Record<string, string>)[st.label], st.label).toBeTruthy();
      expect((he.starts as Record<string, string>)[st.label], st.label).toBeTruthy();
    }
  });

  it('a supplier\'s page shows supplier fields only, and starts an expense from that supplier', () => {
    const suppliers = decls.find((d) => d.area === 'suppliers')!;
    const customers = decls.find((d) => d.area === 'customers')!;
    const shown = (d: typeof suppliers) => [...d.detail.sections.flatMap((x) => x.fields.map((f) => f.key)), ...d.detail.tables.map((t) => t.rows)];
    const typed = (d: typeof suppliers) => [...(d.writes!.create!.sections), ...(d.writes!.edit!.sections)].flatMap((x) => x.fields.map((f) => f.key));
    for (const customerOnly of ['agent.display_name', 'special_prices']) {
      expect(shown(customers)).toContain(customerOnly);
      expect(shown(suppliers)).not.toContain(customerOnly);
    }
    expect(typed(customers)).toEqual(expect.arrayContaining(['agent_id', 'special_prices']));
    expect(typed(suppliers)).not.toEqual(expect.arrayContaining(['agent_id']));
    expect(typed(suppliers)).not.toEqual(expect.arrayContaining(['special_prices']));
    const fromSupplier = decls.find((d) => d.area === 'expenses')!.writes!.create!.prefill!.suppliers!;
    expect(fromSupplier({ id: 'sup-1', name: 'Olive Oils Ltd', currency: 'ILS' })).toEqual({ supplier_id: 'sup-1', supplier_name: 'Olive Oils Ltd', currency: 'ILS' });
  });

  it('Undo is declared where an action can be taken back, and only there: a status set, a document closed or reopened; not approvals', () => {
    const undoable = decls.flatMap((d) => (d.writes?.actions ?? []).filter((a) => a.undo).map((a) => `${d.area}.${a.key} -> ${a.undo!.route}`)).sort();
    expect(undoable).toEqual(['documents.close -> documents.reopen', 'documents.reopen -> documents.close', 'leads.status -> leads.setStatus']);
    expect(leadStatusBack({ status: 'in_progress' })).toEqual({ status: 'IN_PROGRESS' });
    expect(leadStatusBack({ status: 'lost', loss_reason: 'Went with a rival' })).toEqual({ status: 'LOST', loss_reason: 'Went with a rival' });
    // A lost lead whose reason is not known cannot be put back: the service asks for one.
    expect(leadStatusBack({ status: 'lost', loss_reason: null })).toBeNull();
    expect((en.undo as Record<string, string>).button).toBe('Undo');
    expect((he.undo as Record<string, string>).button).toBeTruthy();
  });

  it('a suspected duplicate names the expense it resembles when the service does, and says what to do', () => {
    const issues = [{ code: 'missing_category', message: 'Choose a category' }, { code: 'duplicate_suspected', message: 'Similar', [SIMILAR_EXPENSE_FIELD]: 'exp-2' }];
    expect(blockersOf({ id: 'exp-1', blocking_issues: issues })).toEqual([
      { code: 'missing_category', message: 'Choose a category' },
      { code: 'duplicate_suspected', message: 'Similar', related: { area: 'expenses', id: 'exp-2' } },
    ]);
    expect(blockersOf({ id: 'exp-1', blocking_issues: [{ code: 'duplicate_suspected', message: 'Similar' }] })).toEqual([{ code: 'duplicate_suspected', message: 'Similar' }]);
    expect(en.blockers.hints.duplicate_suspected).toMatch(/same bill/);
    expect(he.blockers.hints.duplicate_suspected).toBeTruthy();
  });

  it('a table that lists a party\'s phones, addresses or tags stands for the summary\'s one', () => {
    for (const area of ['customers', 'suppliers']) {
      const tables = decls.find((d) => d.area === area)!.detail.tables;
      expect(Object.fromEntries(tables.filter((t) => t.covers).map((t) => [t.rows, t.covers]))).toEqual({ phones: ['phone'], addresses: ['address'], tag_details: ['tags'] });
    }
  });

  it('a document from a draft takes its type and the document fields of its content, and links the draft', () => {
    const documents = decls.find((d) => d.area === 'documents')!;
    const fromDraft = documents.writes!.create!.prefill!['document-drafts']!;
    const draft = {
      id: '7b0e3c1e-2f7a-4a39-9d0b-3a0f1c2d4e5f', document_type: 'PRICE_QUOTE',
      draft_data: { customer_id: 'c1', title: 'Draft – Noga', language: 'HE', lines: [{ name: 'Chair', quantity: '2', unit_price: '100.00' }], discount: null, colour: 'blue' },
    };
    expect(fromDraft(draft)).toEqual({
      document_type: 'PRICE_QUOTE', customer_id: 'c1', title: 'Draft – Noga', language: 'HE',
      lines: [{ name: 'Chair', quantity: '2', unit_price: '100.00' }], source_draft_id: draft.id,
    });
    // The result starts the document form: a body the contract accepts once completed.
    expect(fromDraft({ id: draft.id, document_type: 'ORDER', draft_data: 'not an object' })).toEqual({ document_type: 'ORDER', source_draft_id: draft.id });
  });

  it('fills each started form with a body its contract takes for the record it came from', () => {
    const body = (area: string, from: string, source: Record<string, unknown>) => {
      const spec = decls.find((d) => d.area === area)!.writes!.create!;
      return { ...spec.initial?.(), ...spec.prefill![from]!(source) };
    };
    const id = '7b0e3c1e-2f7a-4a39-9d0b-3a0f1c2d4e5f';
    expect(body('tasks', 'customers', { id })).toMatchObject({ customer_id: id, status: expect.any(String) });
    expect(body('tasks', 'leads', { id })).toMatchObject({ lead_id: id });
    expect(body('tasks', 'documents', { id, customer: { id: 'c9' } })).toMatchObject({ document_ids: [id], customer_id: 'c9' });
    expect(body('documents', 'customers', { id, currency: 'USD' })).toMatchObject({ customer_id: id, currency: 'USD', document_type: 'TAX_INVOICE' });
    expect(body('expense-payments', 'expenses', { id, revision: 3, balance_due: '120.50', currency: 'ILS' })).toMatchObject({
      amount: '120.50', currency: 'ILS', direction: 'OUTGOING', allocations: [{ expense_id: id, expected_revision: 3, amount: '120.50' }],
    });
  });
});
