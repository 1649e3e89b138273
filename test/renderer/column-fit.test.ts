import { describe, expect, it } from 'vitest';
import { KIND_WIDTH, fitWidths } from '../../renderer/rules/columnFit';
import { compactMoney, inlineMoney, moneyOfDecimal, moneyOfMinor, moneyParts } from '../../renderer/lib/money';
import { formatQuantity } from '../../shared';
import { relativeTime } from '../../renderer/lib/relative';

const sum = (ws: number[]) => ws.reduce((s, w) => s + w, 0);

describe('columns that fit their box', () => {
  const documents = [{ kind: 'text' as const }, { kind: 'enum' as const, need: 150 }, { kind: 'text' as const }, { kind: 'date' as const, need: 130 }, { kind: 'money' as const, need: 128 }, { kind: 'status' as const, need: 110 }, { kind: 'status' as const, need: 90 }];

  it('fit as they are when there is room; amounts, dates and chips take their measured width', () => {
    expect(fitWidths(documents, 2000)).toEqual([KIND_WIDTH.text, 150, KIND_WIDTH.text, 130, 128, 110, 90]);
    // A short text (a number written as text) takes no more than it shows; a long one no more than its kind's width.
    expect(fitWidths([{ kind: 'text', need: 70 }, { kind: 'text', need: 900 }], 2000)).toEqual([70, KIND_WIDTH.text]);
  });

  it('short of room, names give up room first and the whole adds up to the box; nothing else is narrowed', () => {
    const w = fitWidths(documents, 900);
    expect(sum(w)).toBeLessThanOrEqual(900);
    expect(w.slice(1, 2)).toEqual([150]);
    expect(w.slice(3)).toEqual([130, 128, 110, 90]);
    expect(w[0]).toBeLessThan(KIND_WIDTH.text);
    expect(w[0]).toBeGreaterThanOrEqual(100);
  });

  it('past the names\' floors the table is wider than its box (it scrolls, first column held) rather than cut an amount', () => {
    const w = fitWidths(documents, 500);
    expect(w).toEqual([100, 150, 100, 130, 128, 110, 90]);
  });

  it('a width the user gave is kept, but an amount is never narrower than its widest value', () => {
    expect(fitWidths([{ kind: 'text', given: 300 }, { kind: 'money', given: 60, need: 128 }], 200)).toEqual([300, 128]);
  });
});

describe('money written one way', () => {
  it('Hebrew amounts carry no direction marks: the same text in a card, a cell and a sentence', () => {
    expect(moneyOfMinor(176681, 'ILS', 'he-IL')).toBe('1,766.81\u00a0₪');
    expect(moneyOfDecimal('-1766.81', 'ILS', 'he-IL')).toBe('-1,766.81\u00a0₪');
    expect(moneyOfMinor(176681, 'ILS', 'en-US')).toBe('₪1,766.81');
    expect(inlineMoney('1,766.81\u00a0₪')).toBe('\u20661,766.81\u00a0₪\u2069');
  });

  it('every currency\'s sign on the side the language writes its own (so decimal points line up across currencies)', () => {
    // Hebrew: after the number, whichever side Intl put a foreign sign; English: before it.
    expect(moneyParts('$ 94.70', 'he-IL')).toEqual({ lead: '', number: '94.70', trail: '$', signAfter: true, spaced: true });
    expect(moneyParts('1,766.81\u00a0₪', 'he-IL')).toEqual({ lead: '', number: '1,766.81', trail: '₪', signAfter: true, spaced: true });
    expect(moneyParts('-1,766.81\u00a0€', 'he-IL')).toMatchObject({ number: '-1,766.81', trail: '€' });
    expect(moneyParts('-$94.70', 'en-US')).toEqual({ lead: '$', number: '-94.70', trail: '', signAfter: false, spaced: false });
    expect(moneyParts('CHF 12.00', 'en-US')).toMatchObject({ lead: 'CHF', number: '12.00', spaced: true });
    expect(moneyParts('12.00', 'en-US')).toBeNull();
  });

  it('compact only on a chart axis', () => {
    expect(compactMoney(50_000, 'ILS', 'en-US')).toBe('\u2066₪50K\u2069');
    expect(compactMoney(50_000, 'ILS', 'he-IL')).toBe('\u206650K\u00a0₪\u2069');
  });

  it('a quantity has no more decimals than it holds, and its unit where the record names one', () => {
    expect(formatQuantity('2.500', 'en-US')).toBe('2.5');
    expect(formatQuantity('1.674', 'en-US')).toBe('1.674');
    expect(formatQuantity('2.500', 'en-US', 'kilogram')).toBe('2.5 kg');
    expect(formatQuantity('3.000', 'en-US', 'boxes')).toBe('3 boxes');
    expect(formatQuantity('3.000', 'en-US', null)).toBe('3');
  });

  it('how long ago, in words, without ICU\'s doubled Hebrew dual', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(relativeTime('2026-09-28T12:00:00Z', now, 'he')).toBe('לפני חודשיים');
    expect(relativeTime('2026-11-25T12:00:00Z', now, 'en')).toBe('3 days ago');
    expect(relativeTime('2026-11-28T11:59:50Z', now, 'en')).toBe('now');
  });
});
