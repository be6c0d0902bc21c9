import { productShares } from '@aduro/shared/analytics';
import { describe, expect, it } from 'vitest';
import { centrePercent, listPercent } from './shares';

describe('share percentages', () => {
  it('rounds the centre to a whole percent and the list to one decimal', () => {
    expect(centrePercent(0.625)).toBe('63%');
    expect(listPercent(0.625)).toBe('62.5%');
    expect(centrePercent(1 / 3)).toBe('33%');
    expect(listPercent(1 / 3)).toBe('33.3%');
    expect(centrePercent(2 / 3)).toBe('67%');
    expect(listPercent(2 / 3)).toBe('66.7%');
    expect(centrePercent(0)).toBe('0%');
    expect(listPercent(0)).toBe('0.0%');
    expect(listPercent(1)).toBe('100.0%');
  });

  it('charts the first 6 products only, whose shares add up to the whole', () => {
    const items = [40, 25, 15, 10, 6, 4, 300, 200].map((totalQuantity) => ({ totalQuantity }));
    const shares = productShares(items);
    expect(shares).toHaveLength(6);
    expect(shares.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 10);
    expect(shares.map((s) => listPercent(s.share))).toEqual([
      '40.0%',
      '25.0%',
      '15.0%',
      '10.0%',
      '6.0%',
      '4.0%',
    ]);
  });

  it('gives zero shares, never NaN, when every quantity is 0', () => {
    const shares = productShares([{ totalQuantity: 0 }, { totalQuantity: 0 }]);
    expect(shares.map((s) => [centrePercent(s.share), listPercent(s.share)])).toEqual([
      ['0%', '0.0%'],
      ['0%', '0.0%'],
    ]);
  });
});
