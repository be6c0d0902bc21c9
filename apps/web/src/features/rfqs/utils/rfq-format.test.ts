import { describe, expect, it } from 'vitest';
import { fromNow } from './rfq-format';

const NOW = Date.parse('2026-11-29T08:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

describe('fromNow', () => {
  it('never reads a deadline further off than it is: 47 hours left is not "in 2 days"', () => {
    expect(fromNow(at(47.9 * HOUR), NOW)).toBe('in 47 hours');
    expect(fromNow(at(48 * HOUR), NOW)).toBe('in 2 days');
    expect(fromNow(at(71.9 * HOUR), NOW)).toBe('in 2 days');
  });

  it('counts minutes within the hour, and past instants as ago', () => {
    expect(fromNow(at(59 * 60_000), NOW)).toBe('in 59 minutes');
    expect(fromNow(at(-3 * HOUR), NOW)).toBe('3 hours ago');
    expect(fromNow(at(20_000), NOW)).toBe('now');
  });
});
