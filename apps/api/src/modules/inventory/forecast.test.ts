import { describe, expect, it } from 'vitest';
import {
  fitHolt,
  forecastDemand,
  holtForecast,
  isoWeek,
  nextIsoWeeks,
  startOfIsoWeek,
  type ForecastInput,
} from './forecast.ts';

// Every expected value below is worked out by hand in the comment next to it, not by running the code.

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** 26 weeks, zero-filled at the front, ending with `recent` (its last entry is the current week). */
const weeks26 = (recent: number[]) => [...Array.from({ length: 26 - recent.length }, () => 0), ...recent];
// 2026-01-07 is a Wednesday (2026-01-01 is a Thursday), so 4 days (Thu..Sun) remain in its week after today.
const TODAY = '2026-01-07';
const input = (over: Partial<ForecastInput>): ForecastInput => ({
  history: weeks26([]),
  weeksWithHistory: 0,
  lots: [],
  today: TODAY,
  ...over,
});

describe('ISO weeks', () => {
  it('labels dates at year boundaries by the year of their Thursday', () => {
    // 2026-01-01 is a Thursday, so 2026 has 53 weeks: W53 runs Mon 2026-12-28 .. Sun 2027-01-03.
    expect(isoWeek(utc('2026-12-31'))).toBe('2026-W53');
    expect(isoWeek(utc('2027-01-03'))).toBe('2026-W53');
    expect(isoWeek(utc('2027-01-04'))).toBe('2027-W01');
    // 2025-01-01 is a Wednesday, so its week (from Mon 2024-12-30) is 2025-W01.
    expect(isoWeek(utc('2024-12-30'))).toBe('2025-W01');
    expect(isoWeek(utc('2024-12-29'))).toBe('2024-W52');
    // Week 1 of 2026 runs Mon 2025-12-29 .. Sun 2026-01-04; Wed 2026-01-07 is in week 2.
    expect(isoWeek(utc('2025-12-29'))).toBe('2026-W01');
    expect(isoWeek(utc('2026-01-07'))).toBe('2026-W02');
    // The time of day does not matter; the UTC date does.
    expect(isoWeek(new Date('2027-01-03T23:59:59Z'))).toBe('2026-W53');
  });

  it('starts the week on Monday 00:00 UTC, across a year end', () => {
    // Thu 2026-01-01 15:30 -> Mon 2025-12-29; Sun 2027-01-03 -> Mon 2026-12-28; a Monday is its own start.
    expect(startOfIsoWeek(new Date('2026-01-01T15:30:00Z')).toISOString()).toBe('2025-12-29T00:00:00.000Z');
    expect(startOfIsoWeek(utc('2027-01-03')).toISOString()).toBe('2026-12-28T00:00:00.000Z');
    expect(startOfIsoWeek(utc('2027-01-04')).toISOString()).toBe('2027-01-04T00:00:00.000Z');
  });

  it('lists the weeks after the current one across a year end', () => {
    // Sun 2026-12-20 is in W51 (W52 starts Mon 12-21); then W52, W53 (from 12-28), 2027-W01 (from 01-04), W02.
    expect(nextIsoWeeks(utc('2026-12-20'), 4)).toEqual(['2026-W52', '2026-W53', '2027-W01', '2027-W02']);
    expect(nextIsoWeeks(utc('2026-12-20'), 0)).toEqual([]);
  });
});

describe('holtForecast', () => {
  it('follows the recursion by hand for alpha = beta = 0.5', () => {
    // y = 10, 14, 12, 18, 20; l0 = 10, b0 = 14 - 10 = 4.
    // t=1: yhat = 14, l1 = .5*14 + .5*14 = 14, b1 = .5*(14-10) + .5*4 = 4
    // t=2: yhat = 18, e = -6, l2 = .5*12 + .5*18 = 15, b2 = .5*(15-14) + .5*4 = 2.5
    // t=3: yhat = 17.5, e = .5, l3 = .5*18 + .5*17.5 = 17.75, b3 = .5*2.75 + .5*2.5 = 2.625
    // t=4: yhat = 20.375, e = -.375, l4 = 10 + 10.1875 = 20.1875, b4 = .5*2.4375 + .5*2.625 = 2.53125
    // SSE (t = 2..4) = 36 + .25 + .140625 = 36.390625
    // forecasts l4 + h*b4: 22.71875, 25.25, 27.78125
    const run = holtForecast([10, 14, 12, 18, 20], 0.5, 0.5, 3);
    expect(run.levels).toEqual([10, 14, 15, 17.75, 20.1875]);
    expect(run.trends).toEqual([4, 4, 2.5, 2.625, 2.53125]);
    expect(run.sse).toBe(36.390625);
    expect(run.forecast).toEqual([22.71875, 25.25, 27.78125]);
  });

  it('clamps forecasts at 0', () => {
    // y = 30, 20, 10 is exactly linear: l = 10, b = -10, so l + h*b = 0, -10 -> 0, 0.
    const run = holtForecast([30, 20, 10], 0.5, 0.5, 2);
    expect(run.sse).toBe(0);
    expect(run.forecast).toEqual([0, 0]);
  });
});

describe('fitHolt', () => {
  it('fits a constant series exactly and breaks the tie toward the smallest alpha and beta', () => {
    // Every (alpha, beta) forecasts 20 with error 0, so SSE = 0 everywhere and the tie goes to 0.01, 0.01.
    expect(fitHolt([20, 20, 20, 20, 20, 20])).toEqual({
      alpha: 0.01,
      beta: 0.01,
      sse: 0,
      level: 20,
      trend: 0,
    });
  });

  it('fits a perfect linear trend exactly with the same tie-break', () => {
    // l0 = 10, b0 = 5 predicts every next value; SSE = 0 everywhere; final level 35, trend 5.
    expect(fitHolt([10, 15, 20, 25, 30, 35])).toEqual({
      alpha: 0.01,
      beta: 0.01,
      sse: 0,
      level: 35,
      trend: 5,
    });
  });

  it('finds the known optimum of a jump followed by a trend (on the coarse grid)', () => {
    // y = 0, 0, 100, 100, 120, 140, 160. l1 = 0, b1 = 0 for any alpha, beta, so e2 = 100 always: SSE >= 10000.
    // After t=2: l2 = 100a, b2 = 100ab. e3 = 0 needs 100a(1+b) = 100; then l3 = l2 + b2, b3 = b2 and
    // yhat4 = 100a + 200ab = 120 needs a(1+2b) = 1.2. Subtracting: ab = 0.2, so a = 0.8, b = 0.25, the only
    // point with SSE = 10000; there l3 = 100, b = 20 and 120, 140, 160 are then predicted exactly.
    expect(fitHolt([0, 0, 100, 100, 120, 140, 160])).toEqual({
      alpha: 0.8,
      beta: 0.25,
      sse: 10000,
      level: 160,
      trend: 20,
    });
  });

  it('refines between coarse grid points to the known optimum', () => {
    // Same reasoning for y = 0, 0, 100, 80, 96, 112, 128: a(1+b) = 0.8 and ab = 0.16 give a = 0.64 (not a
    // multiple of 0.05, so only the 0.01 stage can reach it), b = 0.25; l2 = 64, b2 = 16, then 80, 96, 112, 128.
    const fit = fitHolt([0, 0, 100, 80, 96, 112, 128]);
    expect(fit.alpha).toBe(0.64);
    expect(fit.beta).toBe(0.25);
    expect(fit.sse).toBeCloseTo(10000, 6);
    expect(fit.level).toBeCloseTo(128, 9);
    expect(fit.trend).toBeCloseTo(16, 9);
  });
});

describe('forecastDemand', () => {
  it('projects a constant series flat', () => {
    // 20 every week: level 20, trend 0, so every week is 20; baseline = 8*20/8 = 20; SSE 0 at 0.01, 0.01.
    const result = forecastDemand(input({ history: weeks26(Array(26).fill(20)), weeksWithHistory: 26 }));
    expect(result).toMatchObject({
      projected: [20, 20, 20, 20, 20, 20, 20, 20],
      baseline: 20,
      method: 'holt',
      alpha: 0.01,
      beta: 0.01,
      sse: 0,
    });
    expect(
      forecastDemand(input({ history: Array(26).fill(20), weeksWithHistory: 26, horizon: 3 })).projected,
    ).toEqual([20, 20, 20]);
  });

  it('continues a perfect linear trend and ignores the zero weeks before the first order', () => {
    // 16 zero weeks, then 10, 15, ..., 55 (10 weeks; 55 is the current week). The fit uses the complete weeks
    // 10..50 only: level 50, trend 5. The current week is h=1 (55), so the projection is h=2..9:
    // 60, 65, ..., 95 (next = last + 5). Had the 16 zeros been fitted, the series would not be linear.
    // Baseline: the last 8 weeks 20..55, mean (20+55)/2 = 37.5.
    const history = weeks26([10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    const result = forecastDemand(input({ history, weeksWithHistory: 10 }));
    expect(result.projected).toEqual([60, 65, 70, 75, 80, 85, 90, 95]);
    expect(result.baseline).toBe(37.5);
    expect(result.sse).toBe(0);
    expect(result.commentary).toContain('Demand is rising, by about 5 more units each week.');
  });

  it('leaves the current, partial week out of the fit but not out of the baseline', () => {
    // 25 complete weeks of 40 and 5 units so far this week: the fit sees only 40s, so 40 every week.
    // Baseline = (7*40 + 5)/8 = 285/8 = 35.625 -> 35.6.
    const result = forecastDemand(input({ history: [...Array(25).fill(40), 5], weeksWithHistory: 26 }));
    expect(result.projected).toEqual([40, 40, 40, 40, 40, 40, 40, 40]);
    expect(result.baseline).toBe(35.6);
  });

  it('projects the recent average under 4 weeks of history', () => {
    // 3 weeks (12, 18, 9): baseline = 39/3 = 13 (the zero weeks before the first order are not averaged in).
    const result = forecastDemand(input({ history: weeks26([12, 18, 9]), weeksWithHistory: 3 }));
    expect(result).toMatchObject({
      projected: [13, 13, 13, 13, 13, 13, 13, 13],
      baseline: 13,
      method: 'baseline',
      alpha: null,
      beta: null,
      sse: null,
      // No lots: 0 units / 13 a week = 0 weeks (null is only for zero projected demand).
      weeksOfCover: 0,
    });
    expect(result.commentary).toMatch(
      /too little order history \(3 weeks\).*recent average of 13 units a week/,
    );
    // 4 weeks is enough for Holt.
    expect(forecastDemand(input({ history: weeks26([12, 18, 9, 15]), weeksWithHistory: 4 })).method).toBe(
      'holt',
    );
  });

  it('projects nothing when there were no released orders in 26 weeks', () => {
    // No demand at all: nothing consumes the dated lot, so all 40 of its units are at risk; the undated lot never is.
    const result = forecastDemand(
      input({
        lots: [
          { expiryDate: null, quantity: 100 },
          { expiryDate: '2026-06-30', quantity: 40 },
        ],
      }),
    );
    expect(result).toMatchObject({
      projected: [0, 0, 0, 0, 0, 0, 0, 0],
      baseline: 0,
      method: 'baseline',
      alpha: null,
      weeksOfCover: null,
      unexpiredStock: 140,
      unitsAtRiskOfExpiry: 40,
    });
    expect(result.commentary).toMatch(/^No released orders for this product in the last 26 weeks/);
    expect(result.commentary).toContain(
      '40 units may expire before they are sold, starting with the lot that expires on 30 Jun 2026.',
    );
  });

  it('never projects below 0 on a steeply falling series', () => {
    // Complete weeks 200, 150, 100, 50: level 50, trend -50, so h = 1.. gives 0, -50, ... -> all 0.
    // No projected demand: cover is null and the 30-unit lot expiring in 20 days is wholly at risk.
    const result = forecastDemand(
      input({
        history: weeks26([200, 150, 100, 50, 10]),
        weeksWithHistory: 5,
        lots: [{ expiryDate: '2026-01-27', quantity: 30 }],
      }),
    );
    expect(result.projected).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(result.weeksOfCover).toBeNull();
    expect(result.unitsAtRiskOfExpiry).toBe(30);
    expect(result.commentary).toBe(
      'Demand is falling, by about 50 fewer units each week. Projected demand is 0 units a week, so the 30 units ' +
        'in stock are not expected to sell. 30 units may expire before they are sold, starting with the lot that ' +
        'expires on 27 Jan 2026.',
    );
    // A noisier fall: whatever alpha and beta are chosen, no week is negative.
    const noisy = forecastDemand(
      input({ history: weeks26([300, 240, 250, 150, 90, 70, 20, 5]), weeksWithHistory: 8 }),
    );
    for (const week of noisy.projected) expect(week).toBeGreaterThanOrEqual(0);
  });

  it('reports weeks of cover and the units a lot cannot sell before it expires', () => {
    // 70 a week = 10 a day. FEFO from tomorrow: lot A (150, expires 2026-01-17, 10 days) gets days 1..10 = 100
    // units, 50 left at risk. Lot C (100, expires 2026-02-06, 30 days) gets days 11..30 = 200 >= 100: none at risk.
    // Lot B has no expiry: never at risk. Stock 750; cover 750/70 = 10.714 -> 10.7.
    const result = forecastDemand(
      input({
        history: Array(26).fill(70),
        weeksWithHistory: 26,
        lots: [
          { expiryDate: null, quantity: 500 },
          { expiryDate: '2026-02-06', quantity: 100 },
          { expiryDate: '2026-01-17', quantity: 150 },
        ],
      }),
    );
    expect(result.unexpiredStock).toBe(750);
    expect(result.weeksOfCover).toBe(10.7);
    expect(result.unitsAtRiskOfExpiry).toBe(50);
    expect(result.commentary).toBe(
      'Demand is steady. About 10.7 weeks of cover at the projected demand of 70 units a week. 50 units may ' +
        'expire before they are sold, starting with the lot that expires on 17 Jan 2026.',
    );
  });

  it('spreads weekly demand over 7 days and rounds the units at risk down', () => {
    // 40 a week = 40/7 a day; a 100-unit lot expiring in 10 days sells 400/7 = 57.14, leaving 42.86 -> 42.
    // A lot expiring today sells nothing more: all 4 at risk. Cover = 104/40 = 2.6.
    const result = forecastDemand(
      input({
        history: Array(26).fill(40),
        weeksWithHistory: 26,
        lots: [
          { expiryDate: '2026-01-17', quantity: 100 },
          { expiryDate: TODAY, quantity: 4 },
        ],
      }),
    );
    expect(result.unitsAtRiskOfExpiry).toBe(46); // floor(4 + 42.857) = 46
    expect(result.weeksOfCover).toBe(2.6);
    expect(result.commentary).toContain('starting with the lot that expires on 7 Jan 2026');
  });

  it('uses the current week estimate until Sunday and each projected week after it', () => {
    // Complete weeks 7, 14, 21, 28 (35 this week): level 28, trend 7. Current week h=1: 35 (5 a day) for
    // Thu..Sun = 20; next week h=2: 42 (6 a day); then 49 (7 a day).
    // Lot 1 (50, expires Wed 2026-01-14, day 7): 20 + 3*6 = 38 sold, 12 at risk.
    // Lot 2 (40, expires Tue 2026-01-20, day 13): demand to day 13 = 20 + 7*6 + 2*7 = 76; 76 - 38 = 38 sold, 2 at risk.
    // Total 14. Stock 95; mean projection (42 + 91)/2 = 66.5; cover 95/66.5 = 1.43 -> 1.4.
    const result = forecastDemand(
      input({
        history: weeks26([7, 14, 21, 28, 35]),
        weeksWithHistory: 5,
        lots: [
          { expiryDate: '2026-01-20', quantity: 40 },
          { expiryDate: null, quantity: 5 },
          { expiryDate: '2026-01-14', quantity: 50 },
        ],
      }),
    );
    expect(result.projected).toEqual([42, 49, 56, 63, 70, 77, 84, 91]);
    expect(result.unitsAtRiskOfExpiry).toBe(14);
    expect(result.weeksOfCover).toBe(1.4);
    expect(result.commentary).toContain(
      'About 1.4 weeks of cover at the projected demand of 66.5 units a week.',
    );
  });

  it('continues at the last projected rate beyond the horizon', () => {
    // Same series. A 700-unit lot expiring 2026-03-15 (day 67 = 4 + 8*7 + 7): 20 + (42+49+...+91 = 532)
    // + 7 days at 91/7 = 13 a day (91) = 643 sold, 57 at risk.
    const result = forecastDemand(
      input({
        history: weeks26([7, 14, 21, 28, 35]),
        weeksWithHistory: 5,
        lots: [{ expiryDate: '2026-03-15', quantity: 700 }],
      }),
    );
    expect(result.unitsAtRiskOfExpiry).toBe(57);
  });

  it('ignores a lot that has already expired', () => {
    // The caller should not pass it; if it does, it is neither stock nor risk. 70 a week, 70 in stock: cover 1.
    const result = forecastDemand(
      input({
        history: Array(26).fill(70),
        weeksWithHistory: 26,
        lots: [
          { expiryDate: '2026-01-06', quantity: 999 },
          { expiryDate: null, quantity: 70 },
        ],
      }),
    );
    expect(result).toMatchObject({ unexpiredStock: 70, unitsAtRiskOfExpiry: 0, weeksOfCover: 1 });
    expect(result.commentary).toContain('About 1 week of cover');
  });
});
