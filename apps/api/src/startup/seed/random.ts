import { createHash } from 'node:crypto';

/** The fixed seed of the demo data; change it and every generated figure changes with it. */
export const DEMO_SEED = 'aduro-demo-2025';

/** mulberry32: a tiny 32-bit PRNG, good enough for demo data and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: turns a label into a 32-bit seed. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Helpers over one deterministic stream of numbers in [0, 1). */
export interface Random {
  next(): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** Number in [min, max). */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
}

/**
 * One stream per concern (catalogue, orders, payments...), so that a change in how one part draws
 * numbers does not reshuffle every other part of the demo.
 */
export function createRandom(label: string): Random {
  const next = mulberry32(fnv1a(`${DEMO_SEED}/${label}`));
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (items, weight) => {
      const total = items.reduce((sum, item) => sum + Math.max(0, weight(item)), 0);
      if (total <= 0) throw new Error('weighted pick without positive weights');
      let r = next() * total;
      for (const item of items) {
        r -= Math.max(0, weight(item));
        if (r < 0) return item;
      }
      return items[items.length - 1]!;
    },
  };
  return random;
}

/**
 * A name-based (version 5 style) UUID: the same parts always give the same id, whatever else the
 * seed generates, so links and bookmarks into the demo survive a re-seed.
 */
export function stableUuid(...parts: (string | number)[]): string {
  const bytes = createHash('sha1')
    .update(`${DEMO_SEED}/${parts.join('/')}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
