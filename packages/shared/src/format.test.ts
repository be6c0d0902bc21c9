import { describe, expect, it } from 'vitest';
import { formatCedis, formatDay, formatUnits } from './format.ts';

// The same texts as apps/web/src/lib/format.test.ts expects of the web's helpers.
describe('server-side formatting, as the web app shows it', () => {
  it('groups units and writes cedis with two decimals', () => {
    expect(formatUnits(11200)).toBe('11,200');
    expect(formatUnits(1_250_000)).toBe('1,250,000');
    expect(formatUnits(7)).toBe('7');
    expect(formatCedis(1250)).toBe('GH₵1,250.00');
    expect(formatCedis(7450.5)).toBe('GH₵7,450.50');
  });

  it('writes a calendar day as 27 Nov 2026, whatever the time of day', () => {
    expect(formatDay('2026-11-27')).toBe('27 Nov 2026');
    expect(formatDay('2026-12-10T23:30:00Z')).toBe('10 Dec 2026');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
