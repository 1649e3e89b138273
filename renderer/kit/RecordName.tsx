import { Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { recordOptions } from '../data/recordRead';
import { nameSourceOf } from '../resources/names';
import { labelOf } from '../resources/lookup';
import { getPath } from '../lib/format';

export const shortId = (id: string) => id.slice(0, 8);

/**
 * A linked record shown by its name (read through the target area's detail route, sharing the
 * detail screen's cache); the short id while loading or when the record cannot be read. `full`: as
 * its area names it where the heading alone does not tell it from its like (an expense: supplier and
 * document number).
 */
export function RecordName({ area, id, full = false }: { area: string; id: string; full?: boolean }) {
  const source = nameSourceOf(area);
  const q = useQuery({ ...recordOptions(area, id, source?.route), enabled: source !== null });
  const name = q.data ? (full ? labelOf(area, q.data.data as Record<string, unknown>) : getPath(q.data.data, source!.title)) : undefined;
  if (typeof name === 'string' && name.trim() !== '') {
    return <Text span dir="auto" title={id} data-record-name>{name}</Text>;
  }
  return <Code title={id}>{shortId(id)}</Code>;
}
