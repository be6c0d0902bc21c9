import { describe, expect, it } from 'vitest';
import { forecastFixture } from '../testing/fixtures';
import {
  forecastChartData,
  formatWeeksOfCover,
  modelHint,
  modelLabel,
  weekOf,
  weekStart,
  weekTick,
} from './forecast-view';

describe('forecastChartData', () => {
  it('puts 26 history weeks then 8 projected weeks on one axis, joined at the last actual week', () => {
    const data = forecastChartData(forecastFixture());
    expect(data).toHaveLength(34);
    expect(data[0]).toEqual({ period: '2026-W01', units: 20, projected: null });
    expect(data[25]).toEqual({ period: '2026-W26', units: 45, projected: 45 });
    expect(data[26]).toEqual({ period: '2026-W27', units: null, projected: 46 });
    expect(data[33]?.period).toBe('2026-W34');
  });
});

describe('forecast labels', () => {
  it('names the model with its fitted parameters, or the recent average', () => {
    expect(modelLabel({ method: 'holt', alpha: 0.4213, beta: 0.1, sse: 3 })).toBe('Holt α 0.42 · β 0.10');
    expect(modelLabel({ method: 'baseline', alpha: null, beta: null, sse: null })).toBe('Recent average');
  });

  it('says why the recent average stands in for a trend: too little history, or too irregular', () => {
    const baseline = { method: 'baseline', alpha: null, beta: null, sse: null } as const;
    const history = (units: number[]) =>
      units.map((u, i) => ({ period: `2026-W${String(i + 1).padStart(2, '0')}`, units: u }));
    // 3 weeks since the first release (the current one included): too few to try a trend.
    expect(modelHint({ model: baseline, history: history([0, 0, 0, 0, 12, 18, 9]) })).toBe(
      'Too little history for a trend',
    );
    // 4 weeks or more: a trend was tried and did worse than the average on the last weeks.
    expect(modelHint({ model: baseline, history: history([0, 0, 0, 12, 18, 9, 15]) })).toBe(
      'Demand too irregular for a trend',
    );
    expect(modelHint({ model: baseline, history: history([0, 0, 0]) })).toBe(
      'Too little history for a trend',
    );
    expect(modelHint(forecastFixture())).toBe('Damped trend, fitted on 26 weeks of releases');
  });

  it('writes weeks of cover, and says so when there is no demand to cover', () => {
    expect(formatWeeksOfCover(6.25)).toBe('6.3 weeks');
    expect(formatWeeksOfCover(1)).toBe('1 week');
    expect(formatWeeksOfCover(null)).toBe('No demand');
  });

  it('writes cover past a year in whole weeks', () => {
    expect(formatWeeksOfCover(336.1)).toBe('336 weeks');
    expect(formatWeeksOfCover(1204.6)).toBe('1,205 weeks');
  });
});

describe('weeks as dates', () => {
  it("names an ISO week by its Monday, as a pharmacist plans: '2026-W45' is the week of 2 Nov", () => {
    expect(weekOf('2026-W45')).toBe('Week of 2 Nov');
    expect(weekOf('2026-W45', { year: true })).toBe('Week of 2 Nov 2026');
    expect(weekTick('2026-W45')).toBe('2 Nov');
  });

  it('finds the Monday across year ends, where ISO weeks and calendar years part', () => {
    // 2026 starts on a Thursday: its week 1 starts Mon 29 Dec 2025, and it has a week 53 (from Mon 28 Dec).
    expect(weekStart('2026-W01')?.toISOString()).toBe('2025-12-29T00:00:00.000Z');
    expect(weekOf('2026-W01', { year: true })).toBe('Week of 29 Dec 2025');
    expect(weekOf('2026-W53', { year: true })).toBe('Week of 28 Dec 2026');
    expect(weekOf('2027-W01', { year: true })).toBe('Week of 4 Jan 2027');
  });

  it('shows text that is no ISO week as it came', () => {
    expect(weekStart('next week')).toBeNull();
    expect(weekOf('next week')).toBe('next week');
    expect(weekTick('2026-11-02')).toBe('2026-11-02');
  });
});
