import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayUtc } from './inventory.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('todayUtc', () => {
  it('is the UTC calendar day of the given moment, whatever the local zone', () => {
    expect(todayUtc(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(todayUtc(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    expect(todayUtc(new Date('2026-11-22T23:30:00-02:00'))).toBe('2026-11-23');
  });

  it('moves on at midnight UTC while it remembers the day, and follows a clock set back', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T23:59:59.998Z'));
    expect(todayUtc()).toBe('2026-11-22');
    vi.setSystemTime(new Date('2026-11-22T23:59:59.999Z'));
    expect(todayUtc()).toBe('2026-11-22');
    vi.setSystemTime(new Date('2026-11-23T00:00:00.000Z'));
    expect(todayUtc()).toBe('2026-11-23');
    vi.setSystemTime(new Date('2026-11-21T12:00:00.000Z'));
    expect(todayUtc()).toBe('2026-11-21');
    expect(todayUtc(new Date('2026-11-23T08:00:00Z'))).toBe('2026-11-23');
    expect(todayUtc()).toBe('2026-11-21');
  });

  it('refuses an invalid moment rather than naming a day', () => {
    expect(() => todayUtc(new Date('not a date'))).toThrow(RangeError);
  });
});
