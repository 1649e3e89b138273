import type { z } from 'zod';
import type { Permission } from '../permissions';
import type { ListParam, ListQuery } from '../query';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type RouteKind = 'list' | 'get' | 'details' | 'create' | 'update' | 'delete' | 'action';
export type SortSpec = { field: 'updated_at' | 'created_at'; direction: 'desc' };
export type Idempotency = 'idempotency_key' | 'client_request_id';

/** A permission the route needs only when the body asks for a combined operation (spec 4.2 rule 5). */
export interface ConditionalPermission {
  permission: Permission;
  when: (body: Record<string, unknown>) => boolean;
  why: string;
  /** The body fields that trigger it ("lines[].save_as_product" for a field of list elements): forms gate these inputs. */
  fields: readonly string[];
}

export interface ListSpec {
  params: readonly ListParam[];
  /** Allowed `status` values (section 3), when `status` is accepted. */
  statuses: readonly string[];
  /** The record field the `status` filter reads (e.g. `direction` for movements). */
  statusField: string;
  /** Record fields `search` matches; dotted paths reach nested fields. */
  searchFields: readonly string[];
  sort: SortSpec;
}

export interface RouteDef<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  E extends 'single' | 'collection' = 'single' | 'collection',
> {
  method: M;
  path: P;
  kind: RouteKind;
  /** The resource area the route belongs to (navigation, permissions, sandbox store). */
  resource: string;
  permissions: readonly Permission[];
  conditionalPermissions?: readonly ConditionalPermission[];
  list?: ListSpec;
  body?: B;
  response: { envelope: E; data: D };
  idempotency?: Idempotency;
  successStatus: 200 | 201;
  summary: string;
}

type Segs<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | Segs<Rest> : never;
export type PathParams<P extends string> = { [K in Segs<P>]: string };

/** What a caller passes to one route. */
export type RouteInput<R extends RouteDef> =
  (R extends RouteDef<HttpMethod, infer P> ? ([Segs<P>] extends [never] ? unknown : { params: PathParams<P> }) : unknown) &
  (R['list'] extends ListSpec ? { query?: ListQuery } : unknown) &
  (R extends RouteDef<HttpMethod, string, infer B> ? (B extends z.ZodType ? { body: z.input<B> } : unknown) : unknown);

/** What one route returns inside the envelope's `data`. */
export type RouteData<R extends RouteDef> = R extends RouteDef<HttpMethod, string, z.ZodType | undefined, infer D, infer E>
  ? E extends 'collection' ? z.infer<D>[] : z.infer<D>
  : never;

export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(v);
  });
}
