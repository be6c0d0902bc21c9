import type { ReturnDetail, ReturnLine, ReturnSummary } from '@aduro/shared/returns';

export const RETURN_ID = '9a000000-0000-4000-8000-000000000001';
export const ORDER_ID = '33333333-0000-4000-8000-000000000001';
export const DROP_ID = '44444444-0000-4000-8000-000000000001';

/** A requested return of 6 damaged packs of batch AMX2406B from drop 1 of PO-2026-000042. */
export function returnLine(overrides: Partial<ReturnLine> = {}): ReturnLine {
  return {
    id: '9b000000-0000-4000-8000-000000000001',
    lineNo: 1,
    dropId: DROP_ID,
    dropSequence: 1,
    batchNumber: 'AMX2406B',
    expiryDate: '2027-05-31',
    quantity: 6,
    reason: 'damaged',
    receivedQuantity: null,
    restockedQuantity: null,
    destroyedQuantity: null,
    manufacturerQuantity: null,
    unitPrice: 18.1,
    ...overrides,
  };
}

export function returnDetail(overrides: Partial<ReturnDetail> = {}): ReturnDetail {
  return {
    id: RETURN_ID,
    number: 'RET-2026-000007',
    status: 'requested',
    order: { id: ORDER_ID, number: 'PO-2026-000042' },
    product: { id: '11111111-0000-4000-8000-000000000001', name: 'Amoxicillin 500 mg capsules' },
    buyer: { id: '22222222-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
    supplier: { id: '22222222-0000-4000-8000-000000000002', name: 'Tema Pharma Distributors' },
    quantity: 6,
    reasons: ['damaged'],
    createdAt: '2026-11-25T10:00:00.000Z',
    creditAmount: null,
    notes: 'Crushed cartons in the second box',
    recall: null,
    requestedBy: 'Efua Asante',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    receivedAt: null,
    inspectedAt: null,
    lines: [returnLine()],
    creditNote: null,
    destruction: null,
    ...overrides,
  };
}

/** The list's row of a return. */
export function returnSummary(overrides: Partial<ReturnDetail> = {}): ReturnSummary {
  const {
    notes: _n,
    recall: _r,
    requestedBy: _rb,
    decidedBy: _db,
    decidedAt: _da,
    rejectReason: _rr,
    receivedAt: _ra,
    inspectedAt: _ia,
    lines: _l,
    creditNote: _cn,
    destruction: _d,
    ...summary
  } = returnDetail(overrides);
  return summary;
}

/** The same return inspected: 4 restocked, 2 destroyed, credited GH₵108.60 against a paid credit invoice. */
export function completedReturn(): ReturnDetail {
  return returnDetail({
    status: 'completed',
    creditAmount: 108.6,
    decidedBy: 'Kwame Mensah',
    decidedAt: '2026-11-25T12:00:00.000Z',
    receivedAt: '2026-11-26T09:00:00.000Z',
    inspectedAt: '2026-11-26T15:00:00.000Z',
    lines: [
      returnLine({
        receivedQuantity: 6,
        restockedQuantity: 4,
        destroyedQuantity: 2,
        manufacturerQuantity: 0,
      }),
    ],
    creditNote: {
      id: '9c000000-0000-4000-8000-000000000001',
      number: 'CN-2026-000003',
      invoice: { id: '55555555-0000-4000-8000-000000000001', number: 'INV-2026-000042' },
      amount: 108.6,
      appliedToInvoice: 60,
      appliedToCreditLine: 0,
      heldAsCredit: 48.6,
      issuedAt: '2026-11-26T15:00:00.000Z',
    },
    destruction: {
      destroyedOn: '2026-11-26',
      method: 'Incineration',
      witness: 'Ama Boateng',
      fdaReference: 'FDA/DST/2026/118',
      recordedBy: 'Kwame Mensah',
    },
  });
}
