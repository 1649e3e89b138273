import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ROUTES, type HttpMethod, type ListQuery, type PathParams, type RouteDef, type RouteId, type Routes } from '../../../shared';
import type { KeyRecord } from '../keys';
import type { BusinessState, SandboxState } from '../store/state';
import type { CursorCodec } from '../http/cursor';
import type { PdfLinks } from '../pdf-links';

type BodyOf<K extends RouteId> = Routes[K] extends RouteDef<HttpMethod, string, infer B> ? (B extends z.ZodType ? z.output<B> : undefined) : undefined;
type ParamsOf<K extends RouteId> = PathParams<Routes[K]['path']>;

/** What a route handler gets: parsed path ids, query and body, and the business of the key. */
export interface Ctx<K extends RouteId = RouteId> {
  routeId: K;
  params: ParamsOf<K>;
  query: ListQuery;
  body: BodyOf<K>;
  biz: BusinessState;
  state: SandboxState;
  key: KeyRecord;
  now: Date;
  nowIso: string;
  codec: CursorCodec;
  pdfLinks: PdfLinks;
}

export interface Reply {
  status?: number;
  data: unknown;
  page?: { has_more: boolean; next_cursor: string | null };
  headers?: Record<string, string>;
}

export type Handler<K extends RouteId> = (ctx: Ctx<K>) => Reply | Promise<Reply>;
export type HandlerMap = { [K in RouteId]?: Handler<K> };

export const newId = (): string => randomUUID();

export const routeOf = <K extends RouteId>(id: K): Routes[K] => ROUTES[id];
