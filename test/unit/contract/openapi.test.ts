import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ERROR_CODES, ROUTES, ROUTE_IDS, type RouteId } from '../../../shared';
import { OPENAPI_FILE, buildOpenApi, isCurrent, main, renderOpenApi } from '../../../scripts/openapi';
import { MIN_BODIES, SAMPLES, ID } from './samples';

/** The parts of the document these tests read. */
interface Param { name?: string; in?: string; $ref?: string; schema: { enum?: string[]; maxLength?: number } }
type Media = { content: Record<string, { schema: unknown }> };
interface Operation {
  operationId: string;
  security: unknown;
  parameters?: Param[];
  requestBody?: Media;
  responses: Record<string, Media & { $ref?: string }>;
  'x-permissions': { required: string[]; conditional?: { permission: string; when: string }[] };
}
interface Doc {
  openapi: string;
  security: unknown;
  'x-error-catalog': unknown;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    parameters: Record<string, unknown>;
    schemas: Record<string, { enum?: string[]; required?: string[] }>;
    responses: Record<string, { headers: Record<string, { example?: number }> }>;
  };
}
type Json = Record<string, unknown>;
const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as Doc;
const METHODS = ['get', 'post', 'patch', 'delete', 'head', 'put', 'options', 'trace'];
const opOf = (id: RouteId, method = ROUTES[id].method.toLowerCase()): Operation => committed.paths[ROUTES[id].path]![method]!;

/** Resolves local `$ref`s so ajv can compile one schema on its own. */
function deref(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(deref);
  if (node && typeof node === 'object') {
    const o = node as Json;
    if (typeof o.$ref === 'string') return deref(o.$ref.slice(2).split('/').reduce<unknown>((acc, k) => (acc as Json)[k], committed));
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, deref(v)]));
  }
  return node;
}
const ajv = new Ajv2020({ strict: false, allErrors: true });

describe('openapi/openapi.json', () => {
  it('is current: it equals what the contract generates (run `npm run openapi` when this fails)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
    expect(isCurrent()).toBe(true);
  });

  it('--check reports a stale or missing file and passes a current one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const stale = join(dir, 'openapi.json');
    writeFileSync(stale, renderOpenApi().replace('"operationId": "customers.list"', '"operationId": "customers.index"'));
    expect(isCurrent(stale)).toBe(false);
    expect(isCurrent(join(dir, 'missing.json'))).toBe(false);
    expect(main(['--check'], stale)).toBe(1);
    expect(main([], stale)).toBe(0);
    expect(main(['--check'], stale)).toBe(0);
  });

  it('is OpenAPI 3.1 with bearer security', () => {
    expect(committed.openapi).toBe('3.1.0');
    expect(committed.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(committed.security).toEqual([{ bearerAuth: [] }]);
  });

  it('has every route of the route table with its method and operationId, HEAD on every GET, and nothing else', () => {
    for (const id of ROUTE_IDS) {
      expect(committed.paths[ROUTES[id].path]?.[ROUTES[id].method.toLowerCase()]?.operationId, id).toBe(id);
      if (ROUTES[id].method === 'GET') expect(opOf(id, 'head').operationId, id).toBe(`${id}.head`);
      expect(opOf(id).security).toEqual([{ bearerAuth: [] }]);
    }
    const ops = Object.values(committed.paths).flatMap((item) => Object.keys(item).filter((k) => METHODS.includes(k)));
    const gets = ROUTE_IDS.filter((id) => ROUTES[id].method === 'GET').length;
    expect(ops.length).toBe(ROUTE_IDS.length + gets);
    expect(ROUTE_IDS.length).toBe(93);
  });

  it('states the permissions, including the conditional ones', () => {
    for (const id of ROUTE_IDS) expect(opOf(id)['x-permissions'].required, id).toEqual([...ROUTES[id].permissions]);
    expect(opOf('leads.convert')['x-permissions'].required).toEqual(['leads:write', 'customers:write']);
    expect(opOf('documents.create')['x-permissions'].conditional?.map((c) => c.permission).sort()).toEqual(['customers:write', 'inventory:write', 'products:write', 'tasks:write']);
    expect(opOf('products.update')['x-permissions'].conditional).toEqual([{ permission: 'inventory:write', when: 'inventory or recipe fields' }]);
  });

  it('lists exactly the query parameters each route accepts, with the spec bounds', () => {
    for (const id of ROUTE_IDS) {
      const query = (opOf(id).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, id).toEqual([...(ROUTES[id].list?.params ?? [])]);
    }
    const params = Object.fromEntries((opOf('customers.list').parameters ?? []).map((p) => [p.name, p.schema]));
    expect(params.limit).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(params.cursor?.maxLength).toBe(512);
    expect(params.search?.maxLength).toBe(100);
    expect(params.status).toEqual({ type: 'string', maxLength: 50, enum: ['active', 'inactive'] });
    const movementStatus = (opOf('inventory.movements').parameters ?? []).find((p) => p.name === 'status');
    expect(movementStatus?.schema.enum).toEqual(['increase', 'decrease']);
  });

  it('puts the Idempotency-Key header on exactly the idempotency-key routes', () => {
    for (const id of ROUTE_IDS) {
      const has = (opOf(id).parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
      expect(has, id).toBe(ROUTES[id].idempotency === 'idempotency_key');
    }
    expect(committed.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true, schema: { minLength: 16, maxLength: 100 } });
  });

  it('has request bodies exactly where the route has one, and they accept the minimal bodies and refuse business_id', () => {
    for (const id of ROUTE_IDS) {
      const schema = opOf(id).requestBody?.content['application/json']?.schema;
      expect(Boolean(schema), id).toBe(Boolean(ROUTES[id].body));
      if (!schema) continue;
      const validate = ajv.compile(deref(schema) as object);
      expect(validate(MIN_BODIES[id]), `${id}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(validate({ ...MIN_BODIES[id], business_id: ID.a }), id).toBe(false);
    }
  });

  it('response schemas accept the contract samples and reject a missing required field', () => {
    const schemas = committed.components.schemas;
    for (const { name, schema, sample } of SAMPLES) {
      const route = ROUTE_IDS.find((id) => ROUTES[id].response.data === schema);
      if (!route) continue;
      const envelope = deref(opOf(route).responses[String(ROUTES[route].successStatus)]?.content['application/json']?.schema) as Json;
      const validate = ajv.compile(envelope);
      const body = ROUTES[route].response.envelope === 'collection'
        ? { data: [sample], page: { has_more: false, next_cursor: null }, request_id: 'r' }
        : { data: sample, request_id: 'r' };
      expect(validate(body), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      const [first] = Object.keys(sample);
      const broken = { ...body, data: ROUTES[route].response.envelope === 'collection' ? [{ ...sample, [first!]: undefined }] : { ...sample, [first!]: undefined } };
      expect(validate(JSON.parse(JSON.stringify(broken))), name).toBe(false);
    }
    expect(Object.keys(schemas)).toContain('Customer');
  });

  it('carries the error schema, the catalog and Retry-After on 429 and 503', () => {
    expect(committed['x-error-catalog']).toEqual(ERROR_CATALOG);
    expect(committed.components.schemas.ErrorCode?.enum).toEqual(ERROR_CODES);
    expect(committed.components.schemas.Error?.required).toEqual(['error', 'request_id']);
    expect(committed.components.responses.Error429?.headers['Retry-After']?.example).toBe(1);
    expect(committed.components.responses.Error503?.headers['Retry-After']?.example).toBe(5);
    expect(opOf('customers.get').responses['404']).toEqual({ $ref: '#/components/responses/Error404' });
  });

  it('every schema, response and parameter it declares is used, and error.code is one of the catalog\'s codes', () => {
    const text = JSON.stringify(committed.paths) + JSON.stringify(committed.components);
    for (const kind of ['schemas', 'responses', 'parameters', 'headers'] as const) {
      for (const name of Object.keys((committed.components as unknown as Record<string, Record<string, unknown>>)[kind] ?? {})) {
        expect(text.includes(`"#/components/${kind}/${name}"`), `${kind}/${name}`).toBe(true);
      }
    }
    const validate = ajv.compile(deref(committed.components.schemas.Error) as object);
    expect(validate({ error: { type: 'invalid_request_error', code: ERROR_CODES[0], message: 'm' }, request_id: 'r' })).toBe(true);
    expect(validate({ error: { type: 'invalid_request_error', code: 'not_a_catalog_code', message: 'm' }, request_id: 'r' })).toBe(false);
  });

  it('names its license, the same as the package\'s', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { license: string };
    const info = (committed as unknown as { info: { license?: { name: string; url?: string } } }).info;
    expect(info.license?.name).toBe(pkg.license);
    expect(info.license?.url).toMatch(/^https:\/\//);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(buildOpenApi())).toBe(JSON.stringify(buildOpenApi()));
  });
});
