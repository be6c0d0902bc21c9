import { describe, expect, it } from 'vitest';
import { expiryRisk, forecastDemand, type ForecastInput } from './forecast.ts';
import { chooseModel, dampedSteps, fitHolt, holtForecast, initialState } from './holt.ts';
import { isoWeek, nextIsoWeeks, startOfIsoWeek } from './iso-weeks.ts';

// Every exact expected value below is worked out by hand in the comment next to it, not by running the code;
// where the grid's choice is not, the test asserts bounds that hold whatever it chooses.

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** 26 weeks, zero-filled at the front, ending with `recent` (its last entry is the current week). */
const weeks26 = (recent: number[]) => [...Array.from({ length: 26 - recent.length }, () => 0), ...recent];
// 2026-01-07 is a Wednesday (2026-01-01 is a Thursday), so 4 days (Thu..Sun) remain in its week after today.
const TODAY = '2026-01-07';
/**
 * The example: about 15 a week with two spikes, 200 in the first week and 130 in the last complete
 * week (9 so far this week). The old fit chose alpha = beta = 0.99 and projected 354.3 rising to 1,143.3.
 */
const SPIKY = [
  200, 16, 15, 13, 17, 15, 14, 16, 15, 16, 15, 13, 16, 15, 14, 17, 15, 16, 14, 15, 13, 16, 15, 15, 130, 9,
];
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

describe('initialState', () => {
  it('starts a perfect line on itself', () => {
    // Changes 5, 5, 5 -> b0 = 5; first weeks less i*5: 10, 10, 10 -> l0 = 10.
    expect(initialState([10, 15, 20, 25, 30])).toEqual({ level: 10, trend: 5 });
  });

  it('is not thrown by one spike in the first weeks', () => {
    // Changes 105, -105, 0 -> median 0; weeks 15, 120, 15 -> median 15. (The old start, b0 = y1 - y0 = 105,
    // made every small alpha project a steep rise, so the old fit ran to alpha = beta = 0.99.)
    expect(initialState([15, 120, 15, 15, 16])).toEqual({ level: 15, trend: 0 });
    // Changes -185, 1, -2 -> median -2; 200, 16 + 2, 15 + 4 -> median 19.
    expect(initialState([200, 16, 15, 13])).toEqual({ level: 19, trend: -2 });
  });

  it('handles one and two weeks', () => {
    expect(initialState([7])).toEqual({ level: 7, trend: 0 });
    // One change, 6; weeks 4, 10 - 6 = 4 -> 4.
    expect(initialState([4, 10])).toEqual({ level: 4, trend: 6 });
  });
});

describe('holtForecast', () => {
  it('follows the damped recursion by hand for alpha = beta = phi = 0.5', () => {
    // y = 10, 14, 12, 18: changes 4, -2, 6 -> b0 = 4; 10, 14-4, 12-8 = 10, 10, 4 -> l0 = 10. alpha*beta = 0.25.
    // t=1: yhat = 10 + .5*4 = 12, e = 2, l1 = 12 + 1 = 13, b1 = 2 + .25*2 = 2.5
    // t=2: yhat = 13 + 1.25 = 14.25, e = -2.25, l2 = 14.25 - 1.125 = 13.125, b2 = 1.25 - .5625 = .6875
    // t=3: yhat = 13.125 + .34375 = 13.46875, e = 4.53125, l3 = 13.46875 + 2.265625 = 15.734375,
    //      b3 = .34375 + 1.1328125 = 1.4765625
    // SSE = 4 + 5.0625 + 20.5322265625 = 29.5947265625
    // forecasts l3 + (.5 | .75 | .875)*b3 = 16.47265625, 16.841796875, 17.0263671875 (each step adds half the last)
    const run = holtForecast([10, 14, 12, 18], { alpha: 0.5, beta: 0.5, phi: 0.5 }, 3);
    expect(run.levels).toEqual([10, 13, 13.125, 15.734375]);
    expect(run.trends).toEqual([4, 2.5, 0.6875, 1.4765625]);
    expect(run.sse).toBe(29.5947265625);
    expect(run.forecast).toEqual([16.47265625, 16.841796875, 17.0263671875]);
  });

  it('clamps forecasts at 0', () => {
    // y = 30, 20, 10 is exactly linear (b0 = -10, l0 = 30) and phi = 1 keeps it so: l = 10, b = -10, so
    // l + h*b = 0, -10 -> 0, 0.
    const run = holtForecast([30, 20, 10], { alpha: 0.5, beta: 0.5, phi: 1 }, 2);
    expect(run.sse).toBe(0);
    expect(run.forecast).toEqual([0, 0]);
  });

  it('adds phi + phi^2 + ... + phi^h weeks of trend h weeks ahead', () => {
    expect(dampedSteps(0.5, 3)).toBe(0.875);
    expect(dampedSteps(0.8, 2)).toBeCloseTo(1.44, 12);
    expect(dampedSteps(0.9, 0)).toBe(0);
  });
});

describe('fitHolt', () => {
  it('fits a constant series exactly and breaks the tie toward the smoothest model', () => {
    // Every point forecasts 20 with error 0, so the tie goes to the first point scanned: 0.05, 0.01, 0.80.
    expect(fitHolt([20, 20, 20, 20, 20, 20])).toEqual({
      alpha: 0.05,
      beta: 0.01,
      phi: 0.8,
      sse: 0,
      level: 20,
      trend: 0,
    });
  });

  it('keeps every parameter inside its bounds, at the corner for a perfect line', () => {
    // On a perfect line every error is the damped trend's lag behind it, which shrinks as alpha, beta and phi
    // grow: the best point is the corner 0.5, 0.3, 0.98, and the trend stays just under the line's 5.
    const fit = fitHolt([10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
    expect(fit).toMatchObject({ alpha: 0.5, beta: 0.3, phi: 0.98 });
    expect(fit.trend).toBeGreaterThan(4.5);
    expect(fit.trend).toBeLessThan(5);
  });

  it('chooses bounded values on the spiky series the old fit matched with alpha = beta = 0.99', () => {
    const fit = fitHolt(SPIKY.slice(0, 25));
    expect(fit.alpha).toBeGreaterThanOrEqual(0.05);
    expect(fit.alpha).toBeLessThanOrEqual(0.5);
    expect(fit.beta).toBeGreaterThanOrEqual(0.01);
    expect(fit.beta).toBeLessThanOrEqual(0.3);
    expect(fit.phi).toBeGreaterThanOrEqual(0.8);
    expect(fit.phi).toBeLessThanOrEqual(0.98);
  });
});

describe('chooseModel', () => {
  it('holds out min(4, n/3 rounded down) of the last weeks', () => {
    expect(chooseModel(Array(25).fill(20)).holdout.weeks).toBe(4);
    expect(chooseModel(Array(9).fill(20)).holdout.weeks).toBe(3);
    expect(chooseModel(Array(3).fill(20)).holdout.weeks).toBe(1);
  });

  it('keeps the trend when it beats the recent average on the held-out weeks', () => {
    // Fitted on 10, 20 (b0 = 10, l0 = 10), held out 30. The model forecasts about 29.4 (off by 0.59); the
    // average of 10 and 20 is off by 15.
    const choice = chooseModel([10, 20, 30]);
    expect(choice.method).toBe('holt');
    expect(choice.holdout.baselineError).toBe(15);
    expect(choice.holdout.modelError).toBeLessThan(1);
  });

  it('falls back to the baseline when the trend does worse on the held-out weeks', () => {
    // Fitted on 12, 18 (b0 = 6, l0 = 12), held out 9. For any bounded alpha, beta, phi: yhat1 = 12 + 6phi >=
    // 16.8 and e1 = 6(1 - phi) >= 0, so l1 >= 16.8 and b1 >= 6phi >= 4.8: the forecast of 9 is at least
    // 16.8 + .8*4.8 = 20.64, off by more than 11. The average of 12 and 18 is 15, off by 6.
    const choice = chooseModel([12, 18, 9]);
    expect(choice).toMatchObject({ method: 'baseline', fit: null, holdout: { weeks: 1, baselineError: 6 } });
    expect(choice.holdout.modelError).toBeGreaterThan(11);
  });
});

describe('forecastDemand', () => {
  it('projects a constant series flat', () => {
    // 20 every week: level 20, trend 0, so every week is 20; baseline = 8*20/8 = 20; SSE 0 at the smoothest
    // point, 0.05, 0.01, 0.80. The held-out weeks tie with the baseline (both exact), and a tie keeps the model.
    const result = forecastDemand(input({ history: weeks26(Array(26).fill(20)), weeksWithHistory: 26 }));
    expect(result).toMatchObject({
      projected: [20, 20, 20, 20, 20, 20, 20, 20],
      baseline: 20,
      method: 'holt',
      alpha: 0.05,
      beta: 0.01,
      phi: 0.8,
      baselineReason: null,
      sse: 0,
    });
    expect(
      forecastDemand(input({ history: Array(26).fill(20), weeksWithHistory: 26, horizon: 3 })).projected,
    ).toEqual([20, 20, 20]);
  });

  it('follows a steady rise, damped, and ignores the zero weeks before the first order', () => {
    // 16 zero weeks, then 10, 15, ..., 55 (10 weeks; 55 is the current week). The fit uses the complete weeks
    // 10..50 only. The line would go on 60, 65, ..., 95 (h = 2..9); the damped trend rises a little less each
    // week, so each step is positive, under 5 and no larger than the one before, and week 9 stays under 95.
    // Had the 16 zeros been fitted, the series would have looked like a jump, not a rise.
    // Baseline: the last 8 weeks 20..55, mean (20+55)/2 = 37.5.
    const history = weeks26([10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    const result = forecastDemand(input({ history, weeksWithHistory: 10 }));
    expect(result.method).toBe('holt');
    expect(result.baseline).toBe(37.5);
    expect(result.projected[0]).toBeGreaterThan(55);
    expect(result.projected[0]).toBeLessThanOrEqual(60);
    const steps = result.projected.slice(1).map((week, i) => week - result.projected[i]!);
    for (const [i, step] of steps.entries()) {
      expect(step).toBeGreaterThan(0);
      expect(step).toBeLessThan(5);
      // One decimal of rounding either way.
      if (i > 0) expect(step).toBeLessThanOrEqual(steps[i - 1]! + 0.2);
    }
    expect(result.projected.at(-1)).toBeLessThan(95);
    expect(result.commentary).toMatch(/^Demand is rising, by about 4(\.\d)? more units each week\./);
  });

  it('follows a longer rise closely for the next weeks', () => {
    // 10, 13, ..., 85 (26 weeks, the last the current week): the line goes on 88, 91, ..., 109.
    const history = Array.from({ length: 26 }, (_, i) => 10 + 3 * i);
    const result = forecastDemand(input({ history, weeksWithHistory: 26 }));
    expect(result.method).toBe('holt');
    expect(Math.abs(result.projected[0]! - 88)).toBeLessThan(2);
    expect(result.projected.at(-1)).toBeGreaterThan(100);
    expect(result.projected.at(-1)).toBeLessThan(109);
  });

  it("keeps the issue's spiky series near its usual 15 a week instead of projecting 354 rising to 1,143", () => {
    // Fitted on weeks 0..20 (the 200 is absorbed by the robust start), held out 16, 15, 15, 130: the trend
    // fitted on the noise did worse there than the recent average, so the projection is the baseline:
    // the last 8 weeks 14, 15, 13, 16, 15, 15, 130, 9 = 227/8 = 28.375 -> 28.4, under twice 15.
    const result = forecastDemand(input({ history: SPIKY, weeksWithHistory: 26 }));
    expect(result).toMatchObject({
      method: 'baseline',
      baselineReason: 'irregular',
      alpha: null,
      baseline: 28.4,
    });
    for (const week of result.projected) expect(week).toBeLessThan(2 * 15);
    expect(result.commentary).toMatch(
      /^Demand has been too irregular to project a trend, so the projection is the recent average of 28\.4 units a week\./,
    );
  });

  it('does not let spikes in the middle of the history turn into a rise', () => {
    // The same 15 a week with spikes of 160 and 140 in weeks 10 and 21: the bounded, damped fit keeps the
    // model (it beats the average on the last 4 weeks) and projects under twice 15, never rising.
    const history = [
      14, 16, 15, 13, 17, 15, 14, 16, 15, 160, 15, 13, 16, 15, 14, 17, 15, 16, 14, 15, 140, 16, 15, 15, 15, 9,
    ];
    const result = forecastDemand(input({ history, weeksWithHistory: 26 }));
    expect(result.method).toBe('holt');
    expect(result.alpha).toBeLessThanOrEqual(0.5);
    expect(result.beta).toBeLessThanOrEqual(0.3);
    for (const [i, week] of result.projected.entries()) {
      expect(week).toBeLessThan(2 * 15);
      if (i > 0) expect(week).toBeLessThanOrEqual(result.projected[i - 1]!);
    }
  });

  it('does not run away on intermittent demand (mostly zero weeks)', () => {
    // 58 units in 25 complete weeks, most of them zero: whatever is chosen, every week stays under twice the
    // baseline and the projection is flat to within a unit (no trend is read into the gaps).
    const history = [3, 0, 0, 12, 0, 0, 0, 5, 0, 0, 20, 0, 0, 0, 0, 8, 0, 0, 0, 30, 0, 0, 0, 0, 10, 0];
    const result = forecastDemand(input({ history, weeksWithHistory: 26 }));
    // Baseline: the last 8 weeks 0, 30, 0, 0, 0, 0, 10, 0 = 40/8 = 5.
    expect(result.baseline).toBe(5);
    for (const week of result.projected) {
      expect(week).toBeGreaterThanOrEqual(0);
      expect(week).toBeLessThan(2 * result.baseline);
    }
    expect(Math.max(...result.projected) - Math.min(...result.projected)).toBeLessThanOrEqual(1);
    // A late burst after many empty weeks does not start a climb either.
    const burst = forecastDemand(
      input({ history: weeks26([40, 0, 0, 0, 0, 0, 60, 0]), weeksWithHistory: 8 }),
    );
    for (const [i, week] of burst.projected.entries()) {
      expect(week).toBeLessThanOrEqual(2 * burst.baseline);
      if (i > 0) expect(week).toBeLessThanOrEqual(burst.projected[i - 1]! + 0.1);
    }
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
    // 4 weeks is enough to try the trend: complete weeks 10, 20, 30, fitted on 10, 20 and scored on 30
    // (see chooseModel above), where it beats the average of 15.
    expect(forecastDemand(input({ history: weeks26([10, 20, 30, 40]), weeksWithHistory: 4 })).method).toBe(
      'holt',
    );
    // 12, 18, 9 (15 this week) is tried too, and loses on the held-out 9: the recent average, (12+18+9+15)/4.
    const irregular = forecastDemand(input({ history: weeks26([12, 18, 9, 15]), weeksWithHistory: 4 }));
    expect(irregular).toMatchObject({ method: 'baseline', baselineReason: 'irregular', baseline: 13.5 });
    expect(irregular.projected).toEqual([13.5, 13.5, 13.5, 13.5, 13.5, 13.5, 13.5, 13.5]);
    expect(irregular.commentary).toMatch(/^Demand has been too irregular to project a trend/);
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
    // Complete weeks 200, 150, 100, 50 start exactly on the line (l0 = 200, b0 = -50) and beat the average
    // of 200, 150, 100 on the held-out 50. The damped trend ends near -50, so the weeks after the current
    // one (h = 2.., at least 1.6 weeks of trend) are all 0. The current week still sells a few units in its
    // last 4 days, so nearly all of the 30-unit lot expiring in 20 days is at risk. No projected demand: cover is null.
    const result = forecastDemand(
      input({
        history: weeks26([200, 150, 100, 50, 10]),
        weeksWithHistory: 5,
        lots: [{ expiryDate: '2026-01-27', quantity: 30 }],
      }),
    );
    expect(result.method).toBe('holt');
    expect(result.projected).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(result.weeksOfCover).toBeNull();
    expect(result.unitsAtRiskOfExpiry).toBeGreaterThanOrEqual(25);
    expect(result.unitsAtRiskOfExpiry).toBeLessThanOrEqual(30);
    expect(result.commentary).toMatch(
      new RegExp(
        '^Demand is falling, by about 4\\d(\\.\\d)? fewer units each week\\. Projected demand is 0 units a week, ' +
          'so the 30 units in stock are not expected to sell\\. \\d+ units may expire before they are sold, ' +
          'starting with the lot that expires on 27 Jan 2026\\.$',
      ),
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
      // 10.7 weeks = 75 days from Wed 7 Jan: Mon 23 Mar, named by its week rather than as 2026-W13.
      'Demand is steady. About 10.7 weeks of cover at the projected demand of 70 units a week, so the stock ' +
        'runs out around the week of 23 Mar. 50 units may expire before they are sold, starting with the lot ' +
        'that expires on 17 Jan 2026.',
    );
  });

  it('says more than a year of cover in whole weeks when stock outlasts a year of demand', () => {
    // 10 a week against 3,361 undated units: 336.1 weeks.
    const result = forecastDemand(
      input({
        history: Array(26).fill(10),
        weeksWithHistory: 26,
        lots: [{ expiryDate: null, quantity: 3361 }],
      }),
    );
    expect(result.weeksOfCover).toBe(336.1);
    expect(result.commentary).toBe(
      'Demand is steady. More than a year of cover (about 336 weeks) at the projected demand of 10 units a week.',
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

describe("the commentary speaks a pharmacist's language", () => {
  it('names the week the stock runs out by its Monday, with the year only when it is not this year', () => {
    // 70 a week against 70 units: 1 week = 7 days from Wed 7 Jan is Wed 14 Jan, in the week of Mon 12 Jan.
    const week = forecastDemand(
      input({
        history: Array(26).fill(70),
        weeksWithHistory: 26,
        lots: [{ expiryDate: null, quantity: 70 }],
      }),
    );
    expect(week.commentary).toBe(
      'Demand is steady. About 1 week of cover at the projected demand of 70 units a week, so the stock runs ' +
        'out around the week of 12 Jan.',
    );
    // 10 a week against 400: 40 weeks = 280 days. From Wed 7 Jan 2026 that is Wed 14 Oct, in the week of
    // Mon 12 Oct; from Wed 2 Dec 2026 it is Wed 8 Sep 2027, in the week of Mon 6 Sep, whose year is named.
    const lots = [{ expiryDate: null, quantity: 400 }];
    const history = Array(26).fill(10);
    expect(forecastDemand(input({ history, weeksWithHistory: 26, lots })).commentary).toContain(
      'so the stock runs out around the week of 12 Oct.',
    );
    expect(
      forecastDemand(input({ history, weeksWithHistory: 26, lots, today: '2026-12-02' })).commentary,
    ).toContain('so the stock runs out around the week of 6 Sep 2027.');
    // 40 a week against 10 units: 0.3 weeks = 2 days, Fri 9 Jan, still this week.
    expect(
      forecastDemand(
        input({
          history: Array(26).fill(40),
          weeksWithHistory: 26,
          lots: [{ expiryDate: null, quantity: 10 }],
        }),
      ).commentary,
    ).toContain('of cover at the projected demand of 40 units a week, so the stock runs out this week.');
  });

  it("never shows ISO week numbers or the model's parameters, whichever model was used", () => {
    const stock = [{ expiryDate: '2026-02-20', quantity: 300 }];
    const cases = [
      input({
        history: weeks26([10, 15, 20, 25, 30, 35, 40, 45, 50, 55]),
        weeksWithHistory: 10,
        lots: stock,
      }),
      input({ history: SPIKY, weeksWithHistory: 26, lots: stock }),
      input({ history: weeks26([12, 18, 9]), weeksWithHistory: 3, lots: stock }),
      input({ history: weeks26([200, 150, 100, 50, 10]), weeksWithHistory: 5, lots: stock }),
      input({ lots: stock }),
    ];
    for (const forecast of cases.map(forecastDemand)) {
      expect(forecast.commentary).not.toMatch(
        /\bW\d{1,2}\b|\d{4}-W\d{2}|α|β|φ|alpha|beta|phi|MAPE|SSE|Holt|smoothing/i,
      );
    }
  });
});

describe('expiryRisk', () => {
  const lots = [
    { expiryDate: '2026-01-20', quantity: 40 },
    { expiryDate: null, quantity: 5 },
    { expiryDate: '2026-01-14', quantity: 50 },
  ];
  const projected = [42, 49, 56, 63, 70, 77, 84, 91];

  it('uses the current week estimate until Sunday and each projected week after it', () => {
    // Current week 35 (5 a day) for Thu..Sun = 20; next week 42 (6 a day); then 49 (7 a day).
    // Lot 1 (50, expires Wed 2026-01-14, day 7): 20 + 3*6 = 38 sold, 12 at risk.
    // Lot 2 (40, expires Tue 2026-01-20, day 13): demand to day 13 = 20 + 7*6 + 2*7 = 76; 76 - 38 = 38 sold, 2 at risk.
    // Total 14 units = 980 seventieths; the undated lot never expires.
    expect(expiryRisk(lots, TODAY, 35, projected)).toEqual({ atRisk70: 14 * 70, earliest: '2026-01-14' });
  });

  it('continues at the last projected rate beyond the horizon', () => {
    // A 700-unit lot expiring 2026-03-15 (day 67 = 4 + 8*7 + 7): 20 + (42+49+...+91 = 532)
    // + 7 days at 91/7 = 13 a day (91) = 643 sold, 57 at risk.
    const risk = expiryRisk([{ expiryDate: '2026-03-15', quantity: 700 }], TODAY, 35, projected);
    expect(risk).toEqual({ atRisk70: 57 * 70, earliest: '2026-03-15' });
  });
});
