import { describe, expect, it } from 'vitest';
import { SeenIds } from './seen-ids';

describe('SeenIds', () => {
  it('accepts an id once and refuses its repeats', () => {
    const seen = new SeenIds();
    expect(seen.add(7)).toBe(true);
    expect(seen.add(7)).toBe(false);
    expect(seen.add(6)).toBe(true);
  });

  it('forgets the oldest ids beyond its capacity, so memory stays bounded', () => {
    const seen = new SeenIds(3);
    for (const id of [1, 2, 3, 4]) seen.add(id);
    expect(seen.add(1)).toBe(true);
    expect(seen.add(4)).toBe(false);
  });
});
