import { z } from 'zod';
import type { Permission } from '../permissions';
import type { ListParam } from '../query';
import { deletedSchema } from '../envelopes';
import type { ConditionalPermission, HttpMethod, Idempotency, ListSpec, RouteDef, RouteKind } from './define';

const UPDATED: ListSpec['sort'] = { field: 'updated_at', direction: 'desc' };

interface ListOptions {
  params: readonly ListParam[];
  statuses?: readonly string[];
  statusField?: string;
  searchFields?: readonly string[];
  sort?: 'updated_at' | 'created_at';
}

export function listRoute<P extends string, D extends z.ZodType>(
  path: P, resource: string, permission: Permission, item: D, opts: ListOptions, summary: string,
): RouteDef<'GET', P, undefined, D, 'collection'> & { list: ListSpec } {
  return {
    method: 'GET', path, kind: 'list', resource, permissions: [permission],
    list: {
      params: opts.params,
      statuses: opts.statuses ?? [],
      statusField: opts.statusField ?? 'status',
      searchFields: opts.searchFields ?? [],
      sort: opts.sort === 'created_at' ? { field: 'created_at', direction: 'desc' } : UPDATED,
    },
    response: { envelope: 'collection', data: item }, successStatus: 200, summary,
  };
}

export function readRoute<P extends string, D extends z.ZodType>(
  path: P, resource: string, permission: Permission, data: D, summary: string, kind: RouteKind = 'get',
): RouteDef<'GET', P, undefined, D, 'single'> {
  return { method: 'GET', path, kind, resource, permissions: [permission], response: { envelope: 'single', data }, successStatus: 200, summary };
}

interface WriteOptions {
  kind: RouteKind;
  resource: string;
  permissions: readonly Permission[];
  conditional?: readonly ConditionalPermission[];
  idempotency?: Idempotency;
  summary: string;
}

export function writeRoute<M extends Exclude<HttpMethod, 'GET'>, P extends string, B extends z.ZodType | undefined, D extends z.ZodType>(
  method: M, path: P, body: B, data: D, o: WriteOptions,
): RouteDef<M, P, B, D, 'single'> {
  return {
    method, path, kind: o.kind, resource: o.resource, permissions: o.permissions,
    ...(o.conditional ? { conditionalPermissions: o.conditional } : {}),
    ...(body ? { body } : {}),
    ...(o.idempotency ? { idempotency: o.idempotency } : {}),
    response: { envelope: 'single', data }, successStatus: method === 'POST' ? 201 : 200, summary: o.summary,
  } as RouteDef<M, P, B, D, 'single'>;
}

export const deleted = deletedSchema;
/** `true` when the body sends any of the named fields. */
export const sends = (...fields: string[]) => (body: Record<string, unknown>) => fields.some((f) => body[f] !== undefined);
export const noBody = undefined;
