import { describe, expect, it } from 'vitest';
import { traceRow } from '../testing/fixtures';
import { acknowledgementText, batchLines, confirmationProgress, parseBatchList } from './recall-format';

describe('recall texts', () => {
  it('reads typed batches split by commas or lines, upper-cased, each once', () => {
    expect(parseBatchList(' amx2405a, AMX2405B\n\nAMX2405A ,, c-7 ')).toEqual([
      'AMX2405A',
      'AMX2405B',
      'C-7',
    ]);
    expect(parseBatchList('  ')).toEqual([]);
  });

  it('counts confirmed deliveries among those that reached a pharmacy, and the ones on hold', () => {
    const progress = (affectedDrops: number, heldDrops: number, awaitingDrops: number, repickedDrops = 0) =>
      confirmationProgress({ affectedDrops, heldDrops, awaitingDrops, repickedDrops });
    expect(progress(14, 0, 2)).toBe('12 of 14 deliveries confirmed');
    expect(progress(1, 0, 1)).toBe('0 of 1 delivery confirmed');
    expect(progress(4, 3, 1)).toBe('0 of 1 delivery confirmed · 3 deliveries on hold');
    expect(progress(1, 1, 0)).toBe('1 delivery on hold');
    expect(progress(0, 0, 0, 2)).toBe('2 deliveries re-picked before dispatch');
    expect(progress(0, 0, 0)).toBe('No deliveries affected');
  });

  it('lists batches with their units', () => {
    expect(batchLines(traceRow().batches)).toBe('AMX2405A × 30 units, AMX2405B × 20 units');
  });

  it('says who confirmed the quarantine, in the words of the reader', () => {
    const row = traceRow({ acknowledgedAt: '2026-11-25T10:15:00.000Z', acknowledgedBy: 'Efua Asante' });
    expect(acknowledgementText(row, 'supplier')).toMatch(/^Quarantined at pharmacy .*2026.* by Efua Asante$/);
    expect(acknowledgementText(row, 'buyer')).toMatch(/^Quarantined at our pharmacy .* by Efua Asante$/);
    expect(acknowledgementText(traceRow(), 'supplier')).toBeNull();
  });
});
