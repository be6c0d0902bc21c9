import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDemoPlan } from '../../startup/seed/plan.ts';

// The admin tiles count organisations of each kind that are active (market.repository.ts: `kind = ... and
// is_active`); the README describes the same demo data. Both must say what the seed loads.
const plan = buildDemoPlan(new Date('2026-03-15T10:30:00Z'), 'not-a-real-hash');
const active = (kind: string) => plan.organizations.filter((o) => o.kind === kind && o.isActive).length;
const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
);

describe('the demo data as the admin tiles and the README count it', () => {
  it('loads 7 active suppliers (of 9) and 8 customer organisations, all active', () => {
    expect(active('supplier')).toBe(7);
    expect(plan.organizations.filter((o) => o.kind === 'supplier')).toHaveLength(9);
    expect(active('customer')).toBe(8);
    expect(plan.organizations.filter((o) => o.kind === 'customer')).toHaveLength(8);
  });

  it('is described with the same figures in the README', () => {
    expect(readme).toContain(`${active('supplier')} active suppliers`);
    expect(readme).toContain(`${active('customer')} customer organisations`);
  });
});
