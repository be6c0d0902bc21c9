import { describe, expect, it } from 'vitest';
import { appPath, badgeText, bellLabel, formatNotificationTime } from './notification-format';

describe('the bell', () => {
  it('shows the count up to 99 and 99+ beyond, while its name keeps the exact count', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(bellLabel(120)).toBe('Notifications, 120 unread');
    expect(bellLabel(0)).toBe('Notifications');
  });
});

describe('when a notification came', () => {
  const now = new Date(2026, 10, 24, 15, 30);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('reads as minutes, then hours, while it is fresh', () => {
    expect(formatNotificationTime(ago(20_000), now)).toBe('Just now');
    expect(formatNotificationTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(formatNotificationTime(ago(3 * 3_600_000), now)).toBe('3 h ago');
  });

  it('a clock ahead of this device reads as just now, not as the future', () => {
    expect(formatNotificationTime(ago(-90_000), now)).toBe('Just now');
  });

  it("reads as Yesterday, then as the day, with the year once it is another year's", () => {
    expect(formatNotificationTime(new Date(2026, 10, 23, 9, 0).toISOString(), now)).toBe('Yesterday');
    expect(formatNotificationTime(new Date(2026, 10, 20, 9, 0).toISOString(), now)).toBe('20 Nov');
    expect(formatNotificationTime(new Date(2025, 11, 30, 9, 0).toISOString(), now)).toBe('30 Dec 2025');
  });
});

describe('where a notification may lead', () => {
  it('follows app paths only, never a link off the app', () => {
    expect(appPath('/customer/orders?order=1')).toBe('/customer/orders?order=1');
    expect(appPath('/supplier?tab=credit')).toBe('/supplier?tab=credit');
    expect(appPath('https://example.com/')).toBeNull();
    expect(appPath('//example.com/')).toBeNull();
    expect(appPath('/\\example.com')).toBeNull();
    expect(appPath('javascript:alert(1)')).toBeNull();
  });
});
