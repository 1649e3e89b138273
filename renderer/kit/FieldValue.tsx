import { Code, ColorSwatch } from '@mantine/core';
import { changesOf, nameOfCode, numberFormat } from '../../shared';
import { useT } from '../i18n';
import { colourName } from '../lib/colourName';
import { ScreenLink } from '../nav/links';
import { toRecord } from '../nav/paths';
import { isNumericKind, type FieldSpec } from '../resources/types';
import { moneyOf } from '../lib/money';
import { Money } from './Money';
import { formatBytes, formatDate, formatPercent, formatQuantity, formatTimestamp, getPath, isEmptyValue, labelKeyOf } from '../lib/format';
import { statusColor } from './statusColor';
import { CopyButton } from './CopyButton';
import { RecordName, shortId } from './RecordName';
import { useLocale } from './useLocale';

const stop = (e: React.MouseEvent) => e.stopPropagation();

/**
 * The class of a table cell showing a value of this kind: numbers line up at their ends (money at
 * its decimal point, app.css); approval issues wrap in their column (a class keeps each inserted row's style cheap).
 */
export const cellClassOf = (kind: FieldSpec['kind']): string | undefined => (isNumericKind(kind) ? 'end' : kind === 'issues' ? 'wrap-cell' : undefined);

function LinkTo({ area, id, children }: { area: string; id: string; children: React.ReactNode }) {
  return (
    <ScreenLink screen={toRecord(area, id)} onClick={stop} dir="auto">
      {children}
    </ScreenLink>
  );
}

/**
 * One value of a record, rendered by its kind. `currency` is the record's own, for sub-table rows.
 * `names`: linked ids are shown by the linked record's name (detail views; lists would read one record per row).
 */
export function FieldValue({ spec, row, currency, withCopy, names }: { spec: FieldSpec; row: unknown; currency?: string; withCopy?: boolean; names?: boolean }) {
  const { t, dyn, maybeKey } = useT();
  const locale = useLocale();
  const value = getPath(row, spec.key);
  const none = <span className="dimmed" aria-label={t('app.none')}>{t('app.none')}</span>;
  if (isEmptyValue(value) && spec.kind !== 'boolean') return none;
  const linkId = spec.link ? getPath(row, spec.link.id) : undefined;
  const wrapLink = (node: React.ReactNode) => (spec.link && typeof linkId === 'string' ? <LinkTo area={spec.link.area} id={linkId}>{node}</LinkTo> : node);

  switch (spec.kind) {
    case 'status':
      // A plain chip coloured by the theme's own (contrast-checked) light variables: cheap enough for every row of a long page.
      return typeof value === 'string' ? <span className="chip" data-color={statusColor(value)}>{dyn('status', value)}</span> : none;
    case 'enum':
      return <span>{typeof value === 'string' ? dyn('enums', value) : String(value)}</span>;
    case 'money':
    case 'decimalMoney': {
      const cur = spec.currency ? getPath(row, spec.currency) : undefined;
      return <Money text={moneyOf(value, typeof cur === 'string' ? cur : currency, locale) ?? String(value)} />;
    }
    case 'number':
      return <span className="num">{typeof value === 'number' ? numberFormat(locale).format(value) : String(value)}</span>;
    case 'percent':
      return <span className="num">{formatPercent(value, locale) ?? String(value)}</span>;
    case 'quantity':
      return <span className="num">{formatQuantity(value, locale, spec.unit ? getPath(row, spec.unit) : undefined) ?? String(value)}</span>;
    case 'bytes':
      return <span className="num">{typeof value === 'number' ? formatBytes(value, locale) : String(value)}</span>;
    case 'date':
      return <span>{typeof value === 'string' ? formatDate(value, locale) : String(value)}</span>;
    case 'timestamp':
      return <span>{typeof value === 'string' ? formatTimestamp(value, locale) : String(value)}</span>;
    case 'boolean':
      return value === true ? <span>{t('app.yes')}</span> : value === false ? <span className="dimmed">{t('app.no')}</span> : none;
    case 'id': {
      const id = String(value);
      return (
        <span className="inline-row">
          {wrapLink(names && spec.link ? <RecordName area={spec.link.area} id={id} /> : <code className="id-code" title={id}>{shortId(id)}</code>)}
          {withCopy !== false && <CopyButton text={id} label={t('app.copyValue', { what: dyn('fields', labelKeyOf(spec)) })} />}
        </span>
      );
    }
    case 'idList':
      return Array.isArray(value) ? (
        <span className="inline-row wrap">
          {value.map((v) => (typeof v === 'string' ? <span key={v}>{spec.link ? <LinkTo area={spec.link.area} id={v}>{names ? <RecordName area={spec.link.area} id={v} /> : <code className="id-code">{shortId(v)}</code>}</LinkTo> : <code className="id-code" title={v}>{shortId(v)}</code>}</span> : null))}
        </span>
      ) : none;
    case 'tags':
      return Array.isArray(value) ? (
        <span className="inline-row wrap">
          {value.map((v, i) => <span key={`${String(v)}-${i}`} className="chip chip-outline" dir="auto">{String(v)}</span>)}
        </span>
      ) : none;
    case 'namedList':
      return Array.isArray(value) ? (
        <span dir="auto">
          {value.map((v) => `${String(getPath(v, 'name') ?? '')} × ${formatQuantity(getPath(v, 'quantity'), locale) ?? ''}`).join(', ')}
        </span>
      ) : none;
    case 'issues':
      return Array.isArray(value) ? (
        <span className="inline-row wrap issues">
          {value.map((v, i) => {
            const code = String(getPath(v, 'code') ?? '');
            return <span key={`${code}-${i}`} className="chip chip-warn" data-code={code}>{maybeKey(`issues.${code}`) ?? String(getPath(v, 'message') ?? code)}</span>;
          })}
        </span>
      ) : none;
    case 'color': {
      // A swatch and the colour's name; the exact code is in its title (forms still take and show the code).
      const name = typeof value === 'string' ? colourName(value) : null;
      return typeof value === 'string' ? (
        <span className="inline-row" title={value} data-color={value}><ColorSwatch color={value} size={14} aria-hidden />{name ? t(`colours.${name}`) : <code className="id-code" dir="ltr">{value}</code>}</span>
      ) : none;
    }
    case 'country':
    case 'currency':
      return typeof value === 'string' ? <span title={value} data-code={value}>{nameOfCode(spec.kind === 'country' ? 'region' : 'currency', value, locale)}</span> : none;
    case 'revision':
      return typeof value === 'number' ? <span data-revision={value}>{t('detail.changes', { count: changesOf(value) })}</span> : none;
    case 'json':
      return <Code block dir="ltr">{JSON.stringify(value, null, 2)}</Code>;
    case 'text':
    default:
      return wrapLink(<span dir="auto" className="cell-text" title={String(value)}>{String(value)}</span>);
  }
}
