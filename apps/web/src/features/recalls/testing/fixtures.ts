import type { RecallDetail, RecallRepickRow, RecallSummary, RecallTraceRow } from '@aduro/shared/recalls';

export const RECALL_ID = '9e000000-0000-4000-8000-000000000001';
export const PRODUCT_ID = '11111111-0000-4000-8000-000000000001';
export const DROP_ONE = '44444444-0000-4000-8000-000000000001';
export const DROP_TWO = '44444444-0000-4000-8000-000000000002';

/** Tema's Class I recall of two Amoxicillin batches, one of two deliveries confirmed. */
export function recallSummary(overrides: Partial<RecallSummary> = {}): RecallSummary {
  return {
    id: RECALL_ID,
    number: 'RC-2026-000007',
    product: { id: PRODUCT_ID, name: 'Amoxicillin 500 mg capsules', gtin: '06031234000014' },
    supplier: { id: 'org-tema', name: 'Tema Pharma Distributors' },
    batchNumbers: ['AMX2405A', 'AMX2405B'],
    reason: 'FDA Ghana alert: dissolution failure in stability testing.',
    severity: 'class_1',
    declaredBy: { organisationName: 'Tema Pharma Distributors', userName: 'Kwame Boateng' },
    createdAt: '2026-11-25T08:30:00.000Z',
    affectedDrops: 2,
    acknowledgedDrops: 1,
    heldDrops: 0,
    awaitingDrops: 1,
    repickedDrops: 0,
    unitsQuarantined: 120,
    ...overrides,
  };
}

/** A delivery of the recall: AccraCare's Osu branch, delivered and not yet confirmed. */
export function traceRow(overrides: Partial<RecallTraceRow> = {}): RecallTraceRow {
  return {
    orderId: '33333333-0000-4000-8000-000000000001',
    orderNumber: 'PO-2026-000042',
    dropId: DROP_ONE,
    dropSequence: 1,
    buyer: { id: 'org-1', name: 'AccraCare Pharmacy' },
    seller: { id: 'org-tema', name: 'Tema Pharma Distributors' },
    addressName: 'Osu branch',
    address: '12 Oxford Street, Osu, Accra',
    contactName: 'Ama Owusu',
    contactPhone: '+233 24 000 0001',
    batches: [
      { batchNumber: 'AMX2405A', expiryDate: '2027-05-31', quantity: 30 },
      { batchNumber: 'AMX2405B', expiryDate: '2027-06-30', quantity: 20 },
    ],
    units: 50,
    status: 'Delivered',
    estimatedDeliveryDate: '2026-11-22',
    shippedAt: '2026-11-21T09:00:00.000Z',
    deliveredAt: '2026-11-22T14:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

/** A delivery the supplier re-picked off the recalled batches before dispatch: Tema's Labadi branch. */
export function repickRow(overrides: Partial<RecallRepickRow> = {}): RecallRepickRow {
  return {
    orderId: '33333333-0000-4000-8000-000000000002',
    orderNumber: 'PO-2026-000043',
    dropId: '44444444-0000-4000-8000-000000000003',
    dropSequence: 1,
    buyer: { id: 'org-1', name: 'AccraCare Pharmacy' },
    addressName: 'Labadi branch',
    address: 'Labadi Road, Accra',
    units: 25,
    batches: [{ batchNumber: 'AMX2406C', expiryDate: '2027-09-30', quantity: 25 }],
    status: 'Awaiting Dispatch',
    repickedAt: '2026-11-25T12:00:00.000Z',
    repickedBy: 'Kofi Mensah',
    ...overrides,
  };
}

export function recallDetail(overrides: Partial<RecallDetail> = {}): RecallDetail {
  return {
    ...recallSummary(),
    lots: [
      {
        lotId: 'lot-1',
        supplierName: 'Tema Pharma Distributors',
        batchNumber: 'AMX2405A',
        expiryDate: '2027-05-31',
        unitsHeld: 80,
        unitsNow: 80,
      },
    ],
    trace: [
      traceRow(),
      traceRow({
        dropId: DROP_TWO,
        dropSequence: 2,
        addressName: 'Kumasi branch',
        address: 'Adum, Kumasi',
        contactName: null,
        contactPhone: null,
        batches: [{ batchNumber: 'AMX2405A', expiryDate: '2027-05-31', quantity: 40 }],
        units: 40,
        acknowledgedAt: '2026-11-25T10:15:00.000Z',
        acknowledgedBy: 'Efua Asante',
      }),
    ],
    repicked: [],
    ...overrides,
  };
}
