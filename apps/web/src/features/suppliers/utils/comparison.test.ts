import { describe, expect, it } from 'vitest';
import { COMPARISON_LIMIT_MESSAGE, toggleComparison } from './comparison';

describe('toggleComparison', () => {
  it('adds suppliers in the order chosen, up to three', () => {
    const first = toggleComparison([], 'a');
    const second = toggleComparison(first.selectedIds, 'b');
    const third = toggleComparison(second.selectedIds, 'c');
    expect(third).toEqual({ ok: true, selectedIds: ['a', 'b', 'c'] });
  });

  it("refuses a fourth with 'Select up to three suppliers for comparison.' and keeps the three", () => {
    expect(COMPARISON_LIMIT_MESSAGE).toBe('Select up to three suppliers for comparison.');
    expect(toggleComparison(['a', 'b', 'c'], 'd')).toEqual({
      ok: false,
      selectedIds: ['a', 'b', 'c'],
      message: 'Select up to three suppliers for comparison.',
    });
  });

  it('takes a chosen supplier out again, which frees a place', () => {
    const removed = toggleComparison(['a', 'b', 'c'], 'b');
    expect(removed).toEqual({ ok: true, selectedIds: ['a', 'c'] });
    expect(toggleComparison(removed.selectedIds, 'd')).toEqual({ ok: true, selectedIds: ['a', 'c', 'd'] });
  });
});
