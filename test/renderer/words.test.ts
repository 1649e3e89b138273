import { describe, expect, it } from 'vitest';
import { cellText, changesOf, nameOfCode, type CellTexts } from '../../shared';
import { colourName } from '../../renderer/lib/colourName';
import { countryOptions, currencyOptions, withValue } from '../../renderer/lib/codeOptions';

const texts: CellTexts = { status: {}, enums: { invrec: 'חשבונית מס קבלה' }, yes: 'כן', no: 'לא' };

describe('raw values in words', () => {
  it('names a tag colour by its nearest colour word', () => {
    expect(['#E53935', '#F4511E', '#FDD835', '#43A047', '#00897B', '#1E88E5', '#8E24AA', '#EC407A', '#6D4C41', '#9E9E9E', '#111111', '#FAFAFA'].map(colourName))
      .toEqual(['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'grey', 'black', 'white']);
    expect(colourName('not a colour')).toBeNull();
  });

  it('writes countries, currencies, revisions and provider codes as the table shows them (and exports write them)', () => {
    expect(cellText({ key: 'c', kind: 'country' }, { c: 'IL' }, 'he-IL', texts)).toBe('ישראל');
    expect(cellText({ key: 'c', kind: 'country' }, { c: 'IL' }, 'en-US', texts)).toBe('Israel');
    expect(cellText({ key: 'c', kind: 'currency' }, { c: 'ILS' }, 'he-IL', texts)).toBe('שקל חדש');
    expect(cellText({ key: 'r', kind: 'revision' }, { r: 3 }, 'en-US', texts)).toBe('2');
    expect(cellText({ key: 't', kind: 'enum' }, { t: 'invrec' }, 'he-IL', texts)).toBe('חשבונית מס קבלה');
    expect(changesOf(1)).toBe(0);
    // A code Intl cannot read is shown as it is rather than failing the table.
    expect(nameOfCode('region', 'not-a-code', 'he-IL')).toBe('not-a-code');
  });

  it('offers countries and currencies by name, without groupings or withdrawn codes, keeping a value the list lacks', () => {
    const countries = countryOptions('he-IL');
    expect(countries.find((o) => o.value === 'IL')?.label).toBe('ישראל');
    expect(countries.map((o) => o.value)).not.toContain('EU');
    expect(countries.map((o) => o.value)).not.toContain('SU');
    expect(countries.length).toBeGreaterThan(240);
    expect(currencyOptions('he-IL')[0]).toEqual({ value: 'ILS', label: 'שקל חדש (ILS)' });
    expect(withValue(countries, 'XX')[0]).toEqual({ value: 'XX', label: 'XX' });
    expect(withValue(countries, 'IL')).toBe(countries);
  });
});
