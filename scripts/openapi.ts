/**
 * Generates the OpenAPI 3.1 document of the API from the contract in shared/ (route table,
 * zod schemas, error catalog), so that other tools can read the API too.
 *
 *   npm run openapi              writes openapi/openapi.json
 *   npm run openapi -- --check   exits 1 when the committed file is stale
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import * as contract from '../shared';
import { API_VERSION_PREFIX, fieldSemantics, ERROR_CATALOG, ERROR_CODES, LIMITS, RETRY_AFTER_SECONDS, ROUTES, ROUTE_IDS, pathParamNames, type RouteId } from '../shared';

type Json = Record<string, unknown>;
type Route = (typeof ROUTES)[RouteId];

/** The document's license: the project's own (package.json `license`). */
export const OPENAPI_LICENSE = { name: 'MIT', url: 'https://opensource.org/license/mit' } as const;

export const OPENAPI_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'openapi', 'openapi.json');

/** JSON Schema 2020-12 of a zod schema, as OpenAPI 3.1 embeds it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: publishSemantics }) as Json;
  return rest;
}

/** Field meanings from shared/semantics.ts as `x-` keywords: references, money and its currency, whose revision, enum read values. */
function publishSemantics(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const meta = fieldSemantics.get(ctx.zodSchema as z.ZodType);
  if (!meta) return;
  ctx.jsonSchema['x-semantics'] = meta.kind;
  if (meta.kind === 'ref') ctx.jsonSchema['x-references'] = [...meta.to];
  if (meta.kind === 'money') ctx.jsonSchema['x-currency-field'] = meta.currency;
  if (meta.kind === 'revision' && meta.of) ctx.jsonSchema['x-revision-of'] = meta.of;
  if (meta.kind === 'enum' && meta.read.some((r, i) => r !== meta.write[i])) ctx.jsonSchema['x-read-values'] = [...meta.read];
}

/** Component names for the exported response schemas: `customerSchema` -> `Customer`. */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const used = new Set(ROUTE_IDS.map((id) => ROUTES[id].response.data as z.ZodType));
  for (const [key, value] of Object.entries(contract)) {
    if (!key.endsWith('Schema') || !(value instanceof z.ZodType) || !used.has(value) || names.has(value)) continue;
    const base = key.slice(0, -'Schema'.length);
    names.set(value, base.charAt(0).toUpperCase() + base.slice(1));
  }
  return names;
}

const ref = (name: string, kind: 'schemas' | 'parameters' | 'responses' | 'headers' = 'schemas') => ({ $ref: `#/components/${kind}/${name}` });

function queryParameter(route: Route, param: contract.ListParam): Json {
  const list = route.list!;
  const base = { name: param, in: 'query', required: false };
  switch (param) {
    case 'limit':
      return { ...base, description: 'Page size.', schema: { type: 'integer', minimum: LIMITS.limitMin, maximum: LIMITS.limitMax, default: LIMITS.limitDefault } };
    case 'cursor':
      return { ...base, description: 'Opaque; the exact `page.next_cursor` of the previous page of the same collection.', schema: { type: 'string', maxLength: LIMITS.cursorMax } };
    case 'created_after':
    case 'updated_after':
      return { ...base, description: 'Strictly greater than (exclusive).', schema: { type: 'string', format: 'date-time' } };
    case 'status':
      return {
        ...base,
        description: `Exact, case-insensitive match on \`${list.statusField}\`; raw length at most ${LIMITS.statusMax}.`,
        schema: { type: 'string', maxLength: LIMITS.statusMax, enum: [...list.statuses] },
      };
    case 'search':
      return {
        ...base,
        description: `Trimmed, case-insensitive; matches ${list.searchFields.map((f) => `\`${f}\``).join(', ') || 'the listed search fields'}.`,
        schema: { type: 'string', maxLength: LIMITS.searchMax },
      };
  }
}

function pathParameters(path: string): Json[] {
  return pathParamNames(path).map((name) => ({
    name, in: 'path', required: true, description: 'UUID; an invalid UUID gives 400 invalid_filter.', schema: { type: 'string', format: 'uuid' },
  }));
}

function errorResponses(route: Route): Json {
  const statuses = ['400', '401', '403', '404', ...(route.method === 'GET' ? [] : ['409']), '429', '500', '503'];
  return Object.fromEntries(statuses.map((s) => [s, ref(`Error${s}`, 'responses')]));
}

function permissionsOf(route: Route): Json {
  const out: Json = { required: [...route.permissions] };
  if (route.conditionalPermissions?.length) out.conditional = route.conditionalPermissions.map((c) => ({ permission: c.permission, when: c.why }));
  return out;
}

function operation(id: RouteId, route: Route, names: Map<z.ZodType, string>, head: boolean): Json {
  const data = route.response.data as z.ZodType;
  const dataSchema = names.has(data) ? ref(names.get(data)!) : jsonSchema(data, 'output');
  const envelope = route.response.envelope === 'collection'
    ? { type: 'object', required: ['data', 'page', 'request_id'], properties: { data: { type: 'array', items: dataSchema }, page: ref('PageInfo'), request_id: { type: 'string' } } }
    : { type: 'object', required: ['data', 'request_id'], properties: { data: dataSchema, request_id: { type: 'string' } } };
  const parameters: Json[] = [...pathParameters(route.path), ...(route.list?.params.map((p) => queryParameter(route, p)) ?? [])];
  if (route.idempotency === 'idempotency_key') parameters.push(ref('IdempotencyKey', 'parameters'));
  const success = String(route.successStatus);
  const op: Json = {
    operationId: head ? `${id}.head` : id,
    summary: head ? `${route.summary} (headers only)` : route.summary,
    tags: [route.resource],
    security: [{ bearerAuth: [] }],
    'x-permissions': permissionsOf(route),
    ...(route.list ? { 'x-sort': `${route.list.sort.field} desc, id desc` } : {}),
    ...(route.idempotency ? { 'x-idempotency': route.idempotency } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses: {
      [success]: {
        description: head ? 'As GET, without a body.' : 'Success.',
        headers: { 'X-Request-ID': ref('XRequestId', 'headers') },
        ...(head ? {} : { content: { 'application/json': { schema: envelope } } }),
      },
      ...errorResponses(route),
    },
  };
  if (route.idempotency === 'client_request_id') {
    op.description = '`client_request_id` (UUID) is required; a retry of the same creation reuses it (spec 4.2 rule 1).';
  } else if (route.kind === 'create' && !route.idempotency) {
    op.description = 'No idempotency mechanism: after a network failure, look the record up before retrying (spec 4.2 rule 3).';
  }
  if (route.body && !head) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body as z.ZodType, 'input') } } };
  }
  return op;
}

/** The error envelope, its `error.code` one of the catalog's codes (ErrorCode). */
function errorSchema(): Json {
  const schema = jsonSchema(contract.apiErrorBodySchema, 'output');
  const error = (schema.properties as Record<string, Json>).error!;
  (error.properties as Json).code = ref('ErrorCode');
  return schema;
}

function components(names: Map<z.ZodType, string>): Json {
  const schemas: Json = {
    PageInfo: jsonSchema(contract.pageSchema, 'output'),
    Error: errorSchema(),
    ErrorCode: { type: 'string', enum: [...ERROR_CODES], description: 'Codes of the error catalog; program logic uses the HTTP status and this code.' },
  };
  for (const [schema, name] of [...names].sort((a, b) => a[1].localeCompare(b[1]))) schemas[name] = jsonSchema(schema, 'output');
  const retryAfter = { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } };
  const errorResponse = (status: string): Json => {
    const codes = ERROR_CODES.filter((c) => String(ERROR_CATALOG[c].status) === status);
    return {
      description: codes.length ? `Error: ${codes.join(', ')}.` : 'Error.',
      headers: {
        'X-Request-ID': ref('XRequestId', 'headers'),
        ...(status === '429' || status === '503' ? { 'Retry-After': { ...retryAfter, example: status === '429' ? RETRY_AFTER_SECONDS.rate_limit_exceeded : RETRY_AFTER_SECONDS.service_unavailable } } : {}),
      },
      content: { 'application/json': { schema: ref('Error') } },
    };
  };
  return {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>; case-sensitive scheme, no spaces in the key. The key decides the business.' },
    },
    headers: { XRequestId: { description: 'The request id, also in the body as `request_id`.', schema: { type: 'string' } } },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key', in: 'header', required: true,
        description: 'Scoped to the business, the API key and the operation. The same key with the same body returns the stored result; with a different body, 409.',
        schema: { type: 'string', minLength: 16, maxLength: 100, pattern: '^[A-Za-z0-9_-]{16,100}$' },
      },
    },
    responses: Object.fromEntries(['400', '401', '403', '404', '409', '429', '500', '503'].map((s) => [`Error${s}`, errorResponse(s)])),
    schemas,
  };
}

/** The whole document, deterministic for a given contract. */
export function buildOpenApi(): Json {
  const names = namedSchemas();
  const paths: Record<string, Json> = {};
  for (const id of ROUTE_IDS) {
    const route = ROUTES[id];
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operation(id, route, names, false);
    if (route.method === 'GET') item.head = operation(id, route, names, true);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Business Operations Public API',
      version: API_VERSION_PREFIX.slice(1),
      description: 'Generated from the contract in shared/ by scripts/openapi.ts. Do not edit by hand.',
      license: OPENAPI_LICENSE,
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: `https://api.example.com${API_VERSION_PREFIX}`, description: `Ends in ${API_VERSION_PREFIX}.` } } }],
    security: [{ bearerAuth: [] }],
    'x-error-catalog': ERROR_CATALOG,
    paths,
    components: components(names),
  };
}

export const renderOpenApi = (): string => `${JSON.stringify(buildOpenApi(), null, 2)}\n`;

/** True when the file holds exactly what the contract generates; a missing file is stale. */
export function isCurrent(file: string = OPENAPI_FILE): boolean {
  try {
    return readFileSync(file, 'utf8') === renderOpenApi();
  } catch {
    return false;
  }
}

export function main(argv: string[], file: string = OPENAPI_FILE): number {
  if (argv.includes('--check')) {
    if (isCurrent(file)) { console.log(`${file} is current.`); return 0; }
    console.error(`${file} is stale: run \`npm run openapi\` and commit the result.`);
    return 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderOpenApi());
  console.log(`Wrote ${file} (${ROUTE_IDS.length} operations).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) process.exitCode = main(process.argv.slice(2));
