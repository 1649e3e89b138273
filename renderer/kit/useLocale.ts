import { useT } from '../i18n';

/** Intl locale for numbers and dates, following the UI language (one per language, see useT). */
export const useLocale = (): string => useT().locale;
