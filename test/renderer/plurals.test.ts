import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { LANGUAGES, type Language } from '../../renderer/i18n/lang';
import { textsIn } from '../texts';

const CATALOGS: Record<Language, object> = { en, he };
const FORM = /_(zero|one|two|few|many|other)$/;

/** Every count text of a catalog ("bulk.selected") with the forms it gives ("one", "two", "other"). */
function countTexts(o: object, p = '', into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [k, v] of Object.entries(o)) {
    if (typeof v !== 'string') countTexts(v as object, `${p}${k}.`, into);
    else {
      const m = FORM.exec(k);
      if (m) {
        const base = `${p}${k.slice(0, m.index)}`;
        into.set(base, (into.get(base) ?? new Set()).add(m[1]!));
      }
    }
  }
  return into;
}

const SAMPLES = [0, 1, 2, 3, 10, 11, 20, 21, 100, 1000, 1_000_000];

describe('count texts follow Intl.PluralRules', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every count text gives exactly the plural categories Intl.PluralRules names (and, at most, an optional zero)`, () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const texts = countTexts(CATALOGS[lang]);
      expect(texts.size).toBeGreaterThan(30);
      for (const [key, forms] of texts) expect([...forms].filter((f) => f !== 'zero').sort(), key).toEqual([...categories].sort());
    });

    it(`${lang}: every count text reads whole for every count (no raw key, no unfilled variable)`, () => {
      const { t } = textsIn(lang);
      for (const key of countTexts(CATALOGS[lang]).keys()) {
        for (const count of SAMPLES) {
          const text = t(key as never, { count, total: 7, n: 4, area: 'X', status: 'Y', what: 'W', name: 'N', areas: 'A', max: '10', done: 1 });
          expect(text, `${key} ${count}`).not.toMatch(/\{\{|_(one|two|other)\b/);
          expect(text, `${key} ${count}`).not.toBe(key);
        }
      }
    });
  }

  it('Hebrew says one and two in words, never "1 לקוחות" or "2 הוצאות"', () => {
    const { t } = textsIn('he');
    for (const key of countTexts(he).keys()) {
      // A count of 1 or 2 is written with its noun ("לקוח אחד", "שתי הוצאות"), so no bare digit 1 or 2 is left.
      expect(t(key as never, { count: 1, total: 7, n: 4, max: '10' }), key).not.toMatch(/(^|[^\d,])1(?![\d,])/);
      expect(t(key as never, { count: 2, total: 7, n: 4, max: '10' }), key).not.toMatch(/(^|[^\d,])2(?![\d,])/);
    }
  });

  it('counts an area\'s records in its own words, with the number in the locale', () => {
    const he = textsIn('he');
    const en = textsIn('en');
    expect([1, 2, 3, 1234].map((n) => he.countOf('customers', n))).toEqual(['לקוח אחד', 'שני לקוחות', '3 לקוחות', '1,234 לקוחות']);
    expect([1, 2, 5].map((n) => he.countOf('expenses', n))).toEqual(['הוצאה אחת', 'שתי הוצאות', '5 הוצאות']);
    expect([1, 2, 1234].map((n) => en.countOf('customers', n))).toEqual(['1 customer', '2 customers', '1,234 customers']);
    // An area without a count text of its own: the number and the area's name.
    expect(en.countOf('activity', 3)).toBe('3 Activity');
  });

  it('passes the count that chooses the form', () => {
    const { t } = textsIn('he');
    expect(t('bulk.selected', { count: 1 })).toBe('נבחרה הוצאה אחת');
    expect(t('bulk.selected', { count: 2 })).toBe('נבחרו שתי הוצאות');
    expect(t('bulk.selected', { count: 14 })).toBe('נבחרו 14 הוצאות');
    expect(t('bulk.resultTitle', { count: 0, total: 3 })).toBe('אף אחת מתוך 3 לא אושרה');
    expect(textsIn('en').t('exporter.waited', { count: 1 })).toBe('Waited once when the service asked');
    expect(textsIn('en').t('exporter.waited', { count: 4 })).toBe('Waited 4 times when the service asked');
  });
});
