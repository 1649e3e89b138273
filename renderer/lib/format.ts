export { cellText, formatAmount, formatBytes, formatDate, formatPercent, formatQuantity, formatTimestamp, getPath, isEmptyValue } from '../../shared/display';

/** The translation key of a field's label: its own label, else the last segment of its dotted key. */
export const labelKeyOf = (f: { key: string; label?: string | undefined }): string => f.label ?? f.key.split('.').pop() ?? f.key;

export { localeFor } from '../i18n/lang';
