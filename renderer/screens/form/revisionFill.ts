import { useEffect, useMemo, useRef } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { RESOURCE_AREAS, type ReadRouteId } from '../../../shared';
import { recordOptions } from '../../data/recordRead';
import type { Conflict } from '../../data/useWrite';
import type { FieldModel } from '../../forms/model';
import { revisionOfRecord } from '../../forms/revisions';
import type { FormValues } from '../../forms/values';
import type { Basis } from './basis';
import { isSeeded } from '../../data/seed';

type Rec = Record<string, unknown>;
type Form = UseFormReturn<FieldValues>;

/** Revision fields of records a reference names, with the reference field and its target area. */
function referencedRevisions(models: readonly FieldModel[]): { list: string | null; revision: string; ref: string; area: string }[] {
  const of = (fields: readonly FieldModel[], list: string | null) => fields.flatMap((m) => {
    const ref = m.kind === 'revision' && m.revisionOf ? fields.find((f) => f.key === m.revisionOf) : undefined;
    const area = ref?.refs?.[0];
    return ref && area ? [{ list, revision: m.key, ref: ref.key, area }] : [];
  });
  return [...of(models, null), ...models.filter((m) => m.kind === 'list').flatMap((m) => of(m.fields ?? [], m.key))];
}

/** Where a form's starting values name a record whose revision they leave out: its area, id and the revision's path. */
function missingRevisions(models: readonly FieldModel[], start: Rec): { area: string; id: string; path: string[] }[] {
  return referencedRevisions(models).flatMap((r) => {
    const rows: { row: Rec; at: (string | number)[] }[] = r.list
      ? (Array.isArray(start[r.list]) ? (start[r.list] as Rec[]) : []).map((row, i) => ({ row, at: [r.list!, i] }))
      : [{ row: start, at: [] }];
    return rows.flatMap(({ row, at }) => {
      const id = row[r.ref];
      return typeof id === 'string' && id && row[r.revision] == null ? [{ area: r.area, id, path: [...at, r.revision].map(String) }] : [];
    });
  });
}

const withValue = (o: unknown, path: readonly string[], v: unknown): unknown => {
  if (path.length === 0) return v;
  const [head, ...rest] = path;
  if (Array.isArray(o)) return o.map((e, i) => (String(i) === head ? withValue(e, rest, v) : e));
  const rec = (o ?? {}) as Rec;
  return { ...rec, [head!]: withValue(rec[head!], rest, v) };
};

/**
 * A form that opens with records already named (the allocations a reversal starts from) reads each
 * one first, to know the revision the user is deciding on; a record picked later brings its own (the
 * declaration's fill). The records read are the versions the user saw. Null until all are read.
 */
export function useStartingRevisions(models: readonly FieldModel[], start: Rec): { values: Rec; records: Rec[] } | null {
  const missing = useMemo(() => missingRevisions(models, start), [models, start]);
  const read = useQueries({
    queries: missing.map((m) => {
      const route = RESOURCE_AREAS[m.area]?.details ?? RESOURCE_AREAS[m.area]?.get;
      return { ...recordOptions(m.area, m.id, route as ReadRouteId | undefined), staleTime: 0 };
    }),
    combine: readAll,
  });
  return useMemo(() => {
    if (read.pending) return null;
    let values: unknown = start;
    const records: Rec[] = [];
    read.records.forEach((rec, i) => {
      const rev = revisionOfRecord(rec);
      if (!rec || rev === null) return;
      records.push(rec);
      values = withValue(values, missing[i]!.path, rev);
    });
    return { values: values as Rec, records };
  }, [start, missing, read]);
}

/** Stable (module level), so TanStack Query recombines only when an answer changes. */
function readAll(results: { data?: { data: unknown }; isPending: boolean; fetchStatus: string }[]): { pending: boolean; records: (Rec | undefined)[] } {
  // A seed (a created record's answer, the copy's row) is not the version the user decides on: its full record is.
  return {
    pending: results.some((r) => (r.isPending || isSeeded(r.data)) && r.fetchStatus !== 'idle'),
    records: results.map((r) => (isSeeded(r.data) ? undefined : r.data?.data as Rec | undefined)),
  };
}

/**
 * After a stale revision the form carries the new revisions (nothing is sent until the user
 * submits again): what the user typed is kept, fields they left alone show the current values,
 * and a confirmation must be given again.
 */
export function useDecideAgain(form: Form, models: readonly FieldModel[], basis: Basis, conflict: Conflict | null, startFrom: ((record: Rec) => FormValues) | null): void {
  const done = useRef<Conflict | null>(null);
  useEffect(() => {
    if (!conflict || conflict.status !== 'stale' || done.current === conflict) return;
    done.current = conflict;
    for (const r of conflict.records) {
      if (!r.after) continue;
      const rev = revisionOfRecord(r.after);
      // An edit form starts again from the current record where the user changed nothing.
      if (r.path === 'expected_revision' && startFrom) form.reset(startFrom(r.after), { keepDirtyValues: true });
      if (rev !== null) form.setValue(r.path, String(rev));
      basis.remember(r.after);
    }
    for (const m of models) if (m.kind === 'confirmation') form.setValue(m.key, false);
  }, [conflict, form, models, basis, startFrom]);
}
