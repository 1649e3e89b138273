import { Checkbox, ColorInput, Fieldset, Select, SimpleGrid, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import '@mantine/dates/styles.css';
import '../../../lib/dates';
import { Controller, useWatch } from 'react-hook-form';
import { useFormControl } from '../formControl';
import { DEFAULT_CURRENCY, enumReadOf } from '../../../../shared';
import { useT } from '../../../i18n';
import type { FieldModel } from '../../../forms/model';
import { useIssueText } from '../issueText';
import { ReferencePicker } from './ReferencePicker';
import { ListField } from './ListField';
import { FilesInput, type PickedFile } from './FilesInput';
import { StructuredJsonInput } from './StructuredJsonInput';
import type { FormFieldSpec, PickFilter } from '../../../resources/types';
import { useBasis } from '../basis';
import { useLockedReason } from '../fieldLocks';
import { countryOptions, currencyOptions, withValue } from '../../../lib/codeOptions';

/** Ready-made colours for tags: the theme's palette, so a tag reads well on light backgrounds. */
const SWATCHES = ['#1C7ED6', '#0CA678', '#F59F00', '#E8590C', '#C2255C', '#7048E8', '#495057', '#2B8A3E'];

export interface FieldInputProps {
  field: FieldModel;
  /** The form path of this value ("address.city", "lines.2.quantity"). */
  name: string;
  label: string;
  /** Inside a table row: the label is for assistive technology only. */
  compact?: boolean;
  description?: string;
  spec?: FormFieldSpec;
  /** A row of a list picked a record: fill other columns from it. */
  onPicked?: (row: Record<string, unknown> | null) => void;
  /** A boolean changed (the one-primary rule of a list). */
  onToggled?: (on: boolean) => void;
  /** The section heading already names it: the label is for assistive technology only. */
  titled?: boolean;
  /** Which records a reference picker offers. */
  pick?: PickFilter | undefined;
}

/** The currency a money input is in: the form's own `currency` (or the path its annotation names). */
function useCurrency(path: string | undefined): string {
  const { control } = useFormControl();
  const v = useWatch({ control, name: path ?? 'currency' }) as unknown;
  return typeof v === 'string' && /^[A-Za-z]{3}$/.test(v) ? v.toUpperCase() : DEFAULT_CURRENCY;
}

function currencySymbol(currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

const ltrBox = (children: React.ReactNode) => <div dir="ltr">{children}</div>;

/** ISO instant <-> the picker's local "YYYY-MM-DD HH:mm:ss". */
const toPicker = (iso: unknown) => (typeof iso === 'string' && iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null);
const fromPicker = (local: string | null) => (local ? new Date(local.replace(' ', 'T')).toISOString() : null);

/**
 * One input of a write form, chosen by the field's meaning (shared/semantics.ts): the twin of
 * FieldValue, which shows the same kinds.
 */
export function FieldInput({ field, name, label, compact, description, spec, onPicked, onToggled, titled, pick }: FieldInputProps) {
  const { control } = useFormControl();
  const basis = useBasis();
  const { t, dyn, lang, locale } = useT();
  const issueText = useIssueText();
  const currency = useCurrency(field.kind === 'money' ? field.currency : undefined);
  const lockedReason = useLockedReason(name);
  const disabled = lockedReason !== null;
  const labelProps = compact || titled ? { 'aria-label': label } : { label };
  const help = lockedReason ?? description;
  const common = { ...labelProps, ...(help && !compact ? { description: help } : {}), disabled, required: field.required && !compact, 'data-field': name };

  if (field.kind === 'object') {
    return (
      <Fieldset legend={titled ? <span className="visually-hidden">{label}</span> : label} disabled={disabled} data-field={name} variant={titled ? 'unstyled' : 'filled'}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {(field.fields ?? []).map((c) => <FieldInput key={c.key} field={c} name={`${name}.${c.key}`} label={dyn('fields', spec?.labels?.[c.key] ?? c.key)} />)}
        </SimpleGrid>
      </Fieldset>
    );
  }
  if (field.kind === 'list') return <ListField field={field} name={name} label={label} spec={spec} lockedReason={lockedReason} titled={titled ?? false} description={description} />;
  if (field.kind === 'json' && spec?.structured) return <StructuredJsonInput name={name} label={label} structured={spec.structured} disabled={disabled} />;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => {
        const error = fieldState.error?.message ? issueText(fieldState.error.message) : undefined;
        const text = { ...common, error, onBlur: f.onBlur, ref: f.ref, name: f.name };
        const str = typeof f.value === 'string' ? f.value : '';
        switch (field.kind) {
          case 'boolean':
            return compact
              ? <Checkbox {...labelProps} checked={f.value === true} onChange={(e) => { f.onChange(e.currentTarget.checked); onToggled?.(e.currentTarget.checked); }} disabled={disabled} error={error} data-field={name} ref={f.ref} />
              : <Switch {...labelProps} description={help} checked={f.value === true} onChange={(e) => { f.onChange(e.currentTarget.checked); onToggled?.(e.currentTarget.checked); }} disabled={disabled} error={error} data-field={name} ref={f.ref} />;
          case 'confirmation':
            return <Checkbox label={t('form.confirmLabel')} checked={f.value === true} onChange={(e) => f.onChange(e.currentTarget.checked)} disabled={disabled} error={error} data-field={name} ref={f.ref} />;
          case 'enum': {
            const meta = field.enum!;
            const data = meta.write.map((w) => ({ value: w, label: dyn(meta.labels, enumReadOf(meta, w) ?? w) }));
            return <Select {...text} data={data} value={typeof f.value === 'string' ? f.value : null} onChange={(v) => f.onChange(v)} clearable={!field.required && field.nullable} allowDeselect={!field.required} comboboxProps={{ withinPortal: true }} />;
          }
          case 'ref':
          case 'refList':
            return (
              <ReferencePicker
                {...text}
                areas={field.refs ?? []}
                multiple={field.kind === 'refList'}
                value={f.value as string | string[] | null}
                onChange={(v, row) => { basis?.remember(row); f.onChange(v); onPicked?.(row); }}
                clearable={!field.required}
                {...(pick ? { pick } : {})}
                {...(field.maxItems !== undefined ? { maxValues: field.maxItems } : {})}
              />
            );
          case 'files':
            return <FilesInput name={name} label={label} value={Array.isArray(f.value) ? (f.value as PickedFile[]) : []} onChange={(v) => f.onChange(v)} max={field.maxItems ?? 10} error={error} disabled={disabled} />;
          case 'textList':
            return <TagsInput {...text} value={Array.isArray(f.value) ? (f.value as string[]) : []} onChange={(v) => f.onChange(v)} {...(field.maxItems !== undefined ? { maxTags: field.maxItems } : {})} dir="ltr" splitChars={[',', ' ', ';']} clearable />;
          case 'date':
            return <DateInput {...text} value={str || null} onChange={(v) => f.onChange(v ?? null)} valueFormat="L" clearable={!field.required} clearButtonProps={{ 'aria-label': t('form.clear') }} locale={lang} />;
          case 'datetime':
            return <DateTimePicker {...text} value={toPicker(f.value)} onChange={(v) => f.onChange(fromPicker(v))} valueFormat="L LT" clearable={!field.required} clearButtonProps={{ 'aria-label': t('form.clear') }} locale={lang} />;
          case 'color':
            return <ColorInput {...text} value={str} onChange={(v) => f.onChange(v)} format="hex" swatches={SWATCHES} dir="ltr" />;
          case 'longText':
          case 'json':
            return <Textarea {...text} value={str} onChange={(e) => f.onChange(e.currentTarget.value)} autosize minRows={field.kind === 'json' ? 6 : 2} maxRows={compact ? 3 : 12} dir={field.kind === 'json' ? 'ltr' : 'auto'} className={field.kind === 'json' ? 'mono' : undefined} {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})} />;
          case 'money':
          case 'quantity':
          case 'percent':
          case 'number':
          case 'revision': {
            const affix = field.kind === 'money' ? currencySymbol(currency, locale) : field.kind === 'percent' ? '%' : undefined;
            return (
              <TextInput
                {...text}
                value={str}
                onChange={(e) => f.onChange(e.currentTarget.value)}
                inputMode={field.kind === 'number' || field.kind === 'revision' ? 'numeric' : 'decimal'}
                dir="ltr"
                // The box (not its label) is left to right as a whole, so the affix sits after the number in Hebrew too instead of over it.
                inputContainer={ltrBox}
                className="num-input"
                {...(affix ? { rightSection: <span aria-hidden className="affix">{affix}</span> } : {})}
              />
            );
          }
          case 'currency':
          case 'countryCode':
            // Picked by name in the user's language (the code is what is sent): no raw "ILS" or "IL", and it lines up with the form.
            return (
              <Select
                {...text} searchable value={str || null} onChange={(v) => f.onChange(v ?? '')} clearable={!field.required} allowDeselect={!field.required}
                data={withValue(field.kind === 'currency' ? currencyOptions(locale) : countryOptions(locale), str)} limit={60} comboboxProps={{ withinPortal: true }}
              />
            );
          case 'email':
          case 'phone':
            return <TextInput {...text} value={str} onChange={(e) => f.onChange(e.currentTarget.value)} dir="ltr" type={field.kind === 'email' ? 'email' : 'tel'} {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})} />;
          default:
            return <TextInput {...text} value={str} onChange={(e) => f.onChange(e.currentTarget.value)} dir="auto" {...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {})} />;
        }
      }}
    />
  );
}
