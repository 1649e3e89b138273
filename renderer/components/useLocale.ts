import { useT } from '../i18n';
import { localeFor } from '../lib/format';

/** Intl locale for numbers and dates, following the UI language. */
export function useLocale(): string {
  const { lang } = useT();
  return localeFor(lang, typeof navigator === 'undefined' ? 'en-US' : navigator.language);
}
