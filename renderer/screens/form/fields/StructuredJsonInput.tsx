import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormControlContext, useFormControl, useStableFormControl } from '../formControl';
import { Input, SimpleGrid, Tabs, Textarea } from '@mantine/core';
import { ROUTES, type RouteDef } from '../../../../shared';
import { useT } from '../../../i18n';
import { modelOf } from '../../../forms/model';
import { toBody, toFormValues } from '../../../forms/values';
import type { FormFieldSpec } from '../../../resources/types';
import { FieldInput } from './FieldInput';

type Rec = Record<string, unknown>;
const WIDE = new Set(['list', 'longText', 'refList']);

function parse(text: string): Rec | null {
  try {
    const v = JSON.parse(text || '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null;
  } catch {
    return null;
  }
}

/** The known keys of the object, with the inputs another route's body gives them; other keys untouched. */
function KnownFields({ name, structured, start, others }: { name: string; structured: NonNullable<FormFieldSpec['structured']>; start: Rec; others: Rec }) {
  const { dyn } = useT();
  const parent = useFormControl();
  const route: RouteDef = ROUTES[structured.route];
  const models = useMemo(() => modelOf(route.body!).filter((m) => structured.fields.includes(m.key)), [route.body, structured.fields]);
  const sub = useForm({ defaultValues: toFormValues(models, start) });
  const subControl = useStableFormControl(sub);
  useEffect(() => {
    const { unsubscribe } = sub.watch((values) => {
      const known = toBody(models, values as Rec, { mode: 'create' });
      parent.setValue(name, JSON.stringify({ ...others, ...known }, null, 2), { shouldDirty: true, shouldValidate: parent.submitted() });
    });
    return unsubscribe;
  }, [sub, models, others, parent, name]);
  return (
    <FormControlContext.Provider value={subControl}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid={`structured-${name}`}>
        {models.map((m) => (
          <div key={m.key} style={WIDE.has(m.kind) ? { gridColumn: '1 / -1' } : undefined}>
            <FieldInput field={m} name={m.key} label={dyn('fields', m.key)} spec={{ key: m.key }} />
          </div>
        ))}
      </SimpleGrid>
    </FormControlContext.Provider>
  );
}

/**
 * A free-form object (a draft's content, spec 2.13): its known keys as real inputs, and the whole
 * object as JSON for everything else. Both edit the same JSON text the form validates.
 */
export function StructuredJsonInput({ name, label, structured, error, disabled }: { name: string; label: string; structured: NonNullable<FormFieldSpec['structured']>; error?: string | undefined; disabled?: boolean }) {
  const { t } = useT();
  const { getValues, control } = useFormControl();
  const [tab, setTab] = useState<string | null>('fields');
  // Each visit to the fields tab starts from the JSON as it is then.
  const [snapshot, setSnapshot] = useState(() => parse(String(getValues(name) ?? '')));
  const others = useMemo(() => Object.fromEntries(Object.entries(snapshot ?? {}).filter(([k]) => !structured.fields.includes(k))), [snapshot, structured.fields]);
  const onTab = (next: string | null) => {
    if (next === 'fields') setSnapshot(parse(String(getValues(name) ?? '')));
    setTab(next);
  };
  return (
    <Input.Wrapper label={label} error={error} data-field={name}>
      <Tabs value={tab} onChange={onTab} mt={4} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="fields">{t('form.structuredFields')}</Tabs.Tab>
          <Tabs.Tab value="json">{t('form.structuredJson')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fields" pt="sm">
          {snapshot ? <KnownFields name={name} structured={structured} start={snapshot} others={others} /> : <Input.Description>{t('form.structuredInvalid')}</Input.Description>}
        </Tabs.Panel>
        <Tabs.Panel value="json" pt="sm">
          <Controller control={control} name={name} render={({ field }) => (
            <Textarea value={String(field.value ?? '')} onChange={(e) => field.onChange(e.currentTarget.value)} onBlur={field.onBlur} ref={field.ref} autosize minRows={6} maxRows={20} dir="ltr" className="mono" aria-label={`${label} (JSON)`} disabled={disabled} />
          )} />
        </Tabs.Panel>
      </Tabs>
    </Input.Wrapper>
  );
}
