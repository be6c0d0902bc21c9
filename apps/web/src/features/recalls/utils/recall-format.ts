import type { AllocatedBatch } from '@aduro/shared/inventory';
import type { RecallSeverity, RecallSummary, RecallTraceRow } from '@aduro/shared/recalls';
import type { BadgeTone } from '../../../components/ui/badge';
import { formatMoment, formatUnits } from '../../../lib/format';

/** Class I is the one a pharmacist must act on today: it reads red, like a cancelled drop. */
export const SEVERITY_TONES: Record<RecallSeverity, BadgeTone> = {
  class_1: 'red',
  class_2: 'yellow',
  class_3: 'blue',
};

/** Batch numbers typed by hand: one per line or comma, spaces around them dropped, each named once. */
export function parseBatchList(text: string): string[] {
  const batches = text
    .split(/[\n,;]+/)
    .map((batch) => batch.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(batches)];
}

type Progress = Pick<RecallSummary, 'affectedDrops' | 'heldDrops' | 'awaitingDrops' | 'repickedDrops'>;

const deliveries = (n: number) => `${n} ${n === 1 ? 'delivery' : 'deliveries'}`;

/**
 * The recall's progress as the supplier follows it: '12 of 14 deliveries confirmed' counts the deliveries
 * that reached a pharmacy (only those can be confirmed quarantined there), then the ones still held on
 * the shipping board; with none delivered, what is held or was re-picked.
 */
export function confirmationProgress(recall: Progress): string {
  const delivered = recall.affectedDrops - recall.heldDrops;
  const held = recall.heldDrops > 0 ? `${deliveries(recall.heldDrops)} on hold` : null;
  if (delivered > 0) {
    const confirmed = `${delivered - recall.awaitingDrops} of ${deliveries(delivered)} confirmed`;
    return held ? `${confirmed} · ${held}` : confirmed;
  }
  if (held) return held;
  if (recall.repickedDrops > 0) return `${deliveries(recall.repickedDrops)} re-picked before dispatch`;
  return 'No deliveries affected';
}

/** Every delivery that reached a pharmacy is confirmed quarantined, and none is left on hold. */
export function everyoneConfirmed(recall: Progress): boolean {
  return (
    recall.heldDrops === 0 && recall.awaitingDrops === 0 && recall.affectedDrops + recall.repickedDrops > 0
  );
}

/** 'B1234 × 40 units, B1235 × 10 units' */
export function batchLines(batches: readonly AllocatedBatch[]): string {
  return batches
    .map(
      (batch) =>
        `${batch.batchNumber ?? 'No batch'} × ${formatUnits(batch.quantity)} unit${batch.quantity === 1 ? '' : 's'}`,
    )
    .join(', ');
}

/**
 * The acknowledgement as the supplier reads it ("at pharmacy") or the buyer ("at our pharmacy"); null
 * while the buyer has not confirmed.
 */
export function acknowledgementText(row: RecallTraceRow, reader: 'supplier' | 'buyer'): string | null {
  if (!row.acknowledgedAt) return null;
  const where = reader === 'buyer' ? 'Quarantined at our pharmacy' : 'Quarantined at pharmacy';
  const by = row.acknowledgedBy ? ` by ${row.acknowledgedBy}` : '';
  return `${where} ${formatMoment(row.acknowledgedAt)}${by}`;
}

export const AWAITING_CONFIRMATION = 'Awaiting confirmation';

/** Drop statuses as the orders pages colour them. */
export function dropStatusTone(status: string): BadgeTone {
  if (status === 'Delivered') return 'green';
  if (status === 'Cancelled') return 'red';
  if (status === 'Awaiting Dispatch') return 'yellow';
  return 'blue';
}
