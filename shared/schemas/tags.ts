import { z } from 'zod';
import { uuid, timestamp, readCode } from '../primitives';

export const tagSchema = z.looseObject({
  id: uuid,
  object: z.literal('tag'),
  name: z.string(),
  color_hex: readCode('color').nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Tag = z.infer<typeof tagSchema>;
