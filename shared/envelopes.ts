import { z } from 'zod';

export const pageSchema = z.looseObject({ has_more: z.boolean(), next_cursor: z.string().nullable() });
export type PageInfo = z.infer<typeof pageSchema>;

export const singleEnvelope = <T extends z.ZodType>(data: T) => z.looseObject({ data, request_id: z.string() });
export const collectionEnvelope = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), page: pageSchema, request_id: z.string() });
export const deletedSchema = z.looseObject({ deleted: z.literal(true) });

export type Single<T> = { data: T; request_id: string };
export type Collection<T> = { data: T[]; page: PageInfo; request_id: string };
