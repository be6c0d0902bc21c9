import { describe, expect, it } from 'vitest';
import { expiryBadge } from './expiry';

describe('expiryBadge', () => {
  it.each([
    ['expired', -3, 'Expired · 3 days ago', 'red'],
    ['expired', -1, 'Expired · 1 day ago', 'red'],
    ['expiring_soon', 12, 'Expiring soon · 12 days', 'yellow'],
    ['expiring_soon', 1, 'Expiring soon · 1 day', 'yellow'],
    // A lot is usable on its expiry day, so it is still 'expiring soon', today.
    ['expiring_soon', 0, 'Expiring soon · today', 'yellow'],
    ['healthy', 200, 'Healthy · 200 days', 'green'],
    ['not_applicable', null, 'No expiry', 'neutral'],
  ] as const)('shows %s with %s days as "%s" in the %s tone', (status, days, label, tone) => {
    expect(expiryBadge({ expiryStatus: status, daysUntilExpiry: days })).toEqual({ label, tone });
  });

  it('leaves the days out when the server does not know them', () => {
    expect(expiryBadge({ expiryStatus: 'expired', daysUntilExpiry: null })).toEqual({
      label: 'Expired',
      tone: 'red',
    });
    expect(expiryBadge({ expiryStatus: 'healthy', daysUntilExpiry: null }).label).toBe('Healthy');
  });

  it('colours rose, amber and emerald as SPEC §4 asks (Badge tones red, yellow, green)', () => {
    expect(expiryBadge({ expiryStatus: 'expired', daysUntilExpiry: -30 }).tone).toBe('red');
    expect(expiryBadge({ expiryStatus: 'expiring_soon', daysUntilExpiry: 30 }).tone).toBe('yellow');
    expect(expiryBadge({ expiryStatus: 'healthy', daysUntilExpiry: 300 }).tone).toBe('green');
  });
});
