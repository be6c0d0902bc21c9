import { describe, expect, it } from 'vitest';
import { formatCedis, formatDay, formatMoment, formatUnits } from './format';

describe('formatCedis', () => {
  it('writes cedis with the GH₵ sign, thousands separators and two decimals', () => {
    expect(formatCedis(1250)).toBe('GH₵1,250.00');
    expect(formatCedis(0.1 + 0.2)).toBe('GH₵0.30');
    expect(formatCedis(0)).toBe('GH₵0.00');
  });
});

describe('formatUnits', () => {
  it('groups thousands and keeps whole counts whole', () => {
    expect(formatUnits(1500)).toBe('1,500');
    expect(formatUnits(7)).toBe('7');
  });
});

describe('formatDay', () => {
  it('writes a calendar day without shifting it by the time zone', () => {
    expect(formatDay('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDay('2027-12-31')).toBe('31 Dec 2027');
  });

  it("reads an instant's UTC date part, the server's calendar", () => {
    expect(formatDay('2026-11-16T23:30:00.000Z')).toBe('16 Nov 2026');
  });

  it('adds the weekday where a buyer plans a drop around it', () => {
    expect(formatDay('2026-11-27', { weekday: true })).toBe('Fri, 27 Nov 2026');
  });

  it('shows text that is no date as it came', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('formatMoment', () => {
  it('writes an instant with its date and time of day', () => {
    const text = formatMoment('2026-11-27T14:05:00.000Z');
    expect(text).toMatch(/^\d{1,2} Nov 2026, \d{1,2}:05\s?(am|pm)$/);
  });

  it('shows text that is no instant as it came', () => {
    expect(formatMoment('not yet')).toBe('not yet');
  });
});
