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

  it('counts confirmed deliveries', () => {
    expect(confirmationProgress({ affectedDrops: 14, acknowledgedDrops: 12 })).toBe(
      '12 of 14 deliveries confirmed',
    );
    expect(confirmationProgress({ affectedDrops: 1, acknowledgedDrops: 0 })).toBe(
      '0 of 1 delivery confirmed',
    );
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
