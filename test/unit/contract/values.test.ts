import { describe, expect, it } from 'vitest';
import {
  currencyDecimals, decimalToMinor, formatDecimalMoney, formatMoney, formatQty, lineTotalMinor, minorToDecimal, qtyToThousandths,
  thousandthsToQty, toQty3, vatMinor,
} from '../../../shared';

describe('minor <-> decimal without float error', () => {
  it('0.1 + 0.2 is exactly 0.3 in minor units', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the float trap the helpers avoid
    expect(decimalToMinor('0.1') + decimalToMinor('0.2')).toBe(decimalToMinor('0.3'));
    expect(minorToDecimal(decimalToMinor('0.1') + decimalToMinor('0.2'))).toBe('0.30');
    expect(decimalToMinor('1.15')).toBe(115); // 1.15 * 100 = 114.99999999999999 as a float
    expect(decimalToMinor('4.35')).toBe(435); // 4.35 * 100 = 434.99999999999994
    expect(minorToDecimal(115)).toBe('1.15');
  });

  it('round-trips whole, fractional and padded values', () => {
    expect(decimalToMinor('120')).toBe(12000);
    expect(decimalToMinor('120.5')).toBe(12050);
    expect(decimalToMinor('0.05')).toBe(5);
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(0)).toBe('0.00');
    expect(minorToDecimal(12345)).toBe('123.45');
  });

  it('handles negatives', () => {
    expect(decimalToMinor('-0.05')).toBe(-5);
    expect(decimalToMinor('-120.50')).toBe(-12050);
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(-12050)).toBe('-120.50');
  });

  it('respects the currency digits', () => {
    expect(currencyDecimals('ILS')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('not a code')).toBe(2);
    expect(minorToDecimal(500, 0)).toBe('500');
    expect(decimalToMinor('500', 0)).toBe(500);
    expect(() => decimalToMinor('500.5', 0)).toThrow(RangeError);
  });

  it('rejects more decimals than the currency has, junk, and unsafe magnitudes', () => {
    expect(() => decimalToMinor('1.005')).toThrow(/more than 2 decimals/);
    expect(() => decimalToMinor('1,50')).toThrow(RangeError);
    expect(() => decimalToMinor('.5')).toThrow(RangeError);
    expect(() => decimalToMinor('1e3')).toThrow(RangeError);
    expect(decimalToMinor('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => decimalToMinor('90071992547409.92')).toThrow(/too large/);
    expect(minorToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => minorToDecimal(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => minorToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('three-decimal quantities', () => {
  it('normalises to exactly three decimals', () => {
    expect(toQty3('2')).toBe('2.000');
    expect(toQty3('2.5')).toBe('2.500');
    expect(toQty3('0.001')).toBe('0.001');
    expect(qtyToThousandths('1.5')).toBe(1500);
    expect(thousandthsToQty(-1500)).toBe('-1.500');
    expect(thousandthsToQty(qtyToThousandths('0.1') + qtyToThousandths('0.2'))).toBe('0.300');
  });

  it('rejects a fourth decimal', () => {
    expect(() => toQty3('2.0005')).toThrow(/more than 3 decimals/);
  });
});

describe('line totals and VAT', () => {
  it('multiplies price by quantity in integers, rounding half away from zero', () => {
    expect(lineTotalMinor(1000, '2.000')).toBe(2000);
    expect(lineTotalMinor(333, '1.5')).toBe(500); // 499.5
    expect(lineTotalMinor(-333, '1.5')).toBe(-500);
    expect(lineTotalMinor(333, '1.499')).toBe(499); // 499.167
    expect(lineTotalMinor(1, '0.001')).toBe(0);
    expect(lineTotalMinor(1990, '0.333')).toBe(663); // 662.67
  });

  it('computes VAT at the rate, rounding half up, decimals in the rate allowed', () => {
    expect(vatMinor(10000, 18)).toBe(1800);
    expect(vatMinor(2778, 18)).toBe(500); // 500.04
    expect(vatMinor(2775, 18)).toBe(500); // 499.5
    expect(vatMinor(2774, 18)).toBe(499); // 499.32
    expect(vatMinor(-2775, 18)).toBe(-500);
    expect(vatMinor(100, 17.5)).toBe(18); // 17.5
    expect(vatMinor(0, 18)).toBe(0);
  });
});

describe('formatting', () => {
  it('formats minor amounts with the currency', () => {
    expect(formatMoney(12345, 'ILS', 'en')).toBe('₪123.45');
    expect(formatMoney(-5, 'ILS', 'en')).toBe('-₪0.05');
    expect(formatMoney(100, 'JPY', 'en')).toBe('¥100');
    const he = formatMoney(12345, 'ILS', 'he');
    expect(he).toContain('123.45');
    expect(he).toContain('₪');
  });

  it('formats large decimal strings exactly, beyond float precision', () => {
    expect(formatDecimalMoney('12345678901234567.89', 'ILS', 'en')).toBe('₪12,345,678,901,234,567.89');
  });

  it('falls back to plain text for an unknown currency code', () => {
    expect(formatDecimalMoney('1.00', 'not-a-code', 'en')).toBe('1.00 not-a-code');
  });

  it('drops trailing zeros of quantities', () => {
    expect(formatQty('2.500')).toBe('2.5');
    expect(formatQty('3.000')).toBe('3');
    expect(formatQty('1234.125')).toBe('1,234.125');
  });
});
