import type { SupplierMatch } from '@aduro/shared/marketplace';
import type { RfqComparedQuote, RfqComparisonLine, RfqDetail } from '@aduro/shared/rfqs';

export const RFQ_ID = '7f000000-0000-4000-8000-000000000001';
export const AMOXICILLIN = '11111111-0000-4000-8000-000000000001';
export const ZINC = '11111111-0000-4000-8000-000000000002';
export const LINE_ONE = '7f100000-0000-4000-8000-000000000001';
export const TEMA = '22222222-0000-4000-8000-000000000001';
export const KUMASI = '22222222-0000-4000-8000-000000000002';
export const CAPE = '22222222-0000-4000-8000-000000000003';
/** Quote line ids: Tema's is the best, Kumasi's the runner-up, Cape Coast's has expired. */
export const TEMA_LINE = '7f300000-0000-4000-8000-000000000001';
export const KUMASI_LINE = '7f300000-0000-4000-8000-000000000002';
export const CAPE_LINE = '7f300000-0000-4000-8000-000000000003';

/** AccraCare's sealed request for 200 Amoxicillin, still open: two of three suppliers have answered. */
export function rfqDetail(overrides: Partial<RfqDetail> = {}): RfqDetail {
  return {
    id: RFQ_ID,
    number: 'RFQ-2026-000012',
    status: 'open',
    sealed: true,
    buyer: { id: '33333333-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
    lines: [
      {
        id: LINE_ONE,
        lineNo: 1,
        product: { id: AMOXICILLIN, name: 'Amoxicillin 500 mg capsules', gtin: null },
        quantity: 200,
      },
    ],
    requiredBy: '2026-12-10',
    responseDeadline: '2026-12-02T17:00:00.000Z',
    createdAt: '2026-11-28T09:00:00.000Z',
    closedAt: null,
    responses: { invited: 3, quoted: 2, declined: 0 },
    myStatus: null,
    myAwardedUnits: null,
    deliveryLocation: '12 Oxford Street, Osu, Accra',
    notes: null,
    minShelfLifeDays: 180,
    createdBy: 'Efua Asante',
    cancelledAt: null,
    cancelReason: null,
    awardedAt: null,
    invitations: [TEMA, KUMASI, CAPE].map((id, i) => ({
      supplier: {
        id,
        name: ['Tema Pharma Distributors', 'Kumasi Medical Supplies', 'Cape Coast Medical Stores'][i]!,
      },
      status: null,
      respondedAt: null,
      declineReason: null,
    })),
    quotes: null,
    comparison: null,
    myQuote: null,
    myDeclineReason: null,
    awards: [],
    canRespond: false,
    ...overrides,
  };
}

function compared(overrides: Partial<RfqComparedQuote>): RfqComparedQuote {
  return {
    quoteId: '7f200000-0000-4000-8000-000000000001',
    quoteLineId: TEMA_LINE,
    supplier: { id: TEMA, name: 'Tema Pharma Distributors' },
    unitPrice: 10,
    quantity: 150,
    total: 1500,
    landedCost: 1500,
    leadTimeDays: 2,
    earliestExpiry: '2027-09-30',
    meetsShelfLife: true,
    paymentTerms: 'Net 30',
    validUntil: '2026-12-20',
    expired: false,
    creditAvailable: 40000,
    rank: 1,
    best: true,
    ...overrides,
  };
}

/** The three quotes on the 200 Amoxicillin: Tema cheapest for 150, Kumasi dearer for all 200, Cape Coast expired. */
export function comparisonLine(): RfqComparisonLine {
  return {
    rfqLineId: LINE_ONE,
    product: { id: AMOXICILLIN, name: 'Amoxicillin 500 mg capsules', gtin: null },
    quantity: 200,
    quotes: [
      compared({}),
      compared({
        quoteId: '7f200000-0000-4000-8000-000000000002',
        quoteLineId: KUMASI_LINE,
        supplier: { id: KUMASI, name: 'Kumasi Medical Supplies' },
        unitPrice: 11.5,
        quantity: 200,
        total: 2300,
        landedCost: 2300,
        leadTimeDays: 5,
        earliestExpiry: null,
        meetsShelfLife: null,
        paymentTerms: 'Prepaid',
        creditAvailable: null,
        rank: 2,
        best: false,
      }),
      compared({
        quoteId: '7f200000-0000-4000-8000-000000000003',
        quoteLineId: CAPE_LINE,
        supplier: { id: CAPE, name: 'Cape Coast Medical Stores' },
        unitPrice: 9,
        quantity: 200,
        total: 1800,
        landedCost: 1800,
        earliestExpiry: '2027-01-31',
        meetsShelfLife: false,
        validUntil: '2026-11-27',
        expired: true,
        rank: 3,
        best: false,
      }),
    ],
  };
}

/** The same request once its quotes opened. */
export function closedRfq(overrides: Partial<RfqDetail> = {}): RfqDetail {
  return rfqDetail({
    status: 'closed',
    closedAt: '2026-11-29T08:00:00.000Z',
    responses: { invited: 3, quoted: 3, declined: 0 },
    invitations: rfqDetail().invitations!.map((invitation) => ({
      ...invitation,
      status: 'quoted',
      respondedAt: '2026-11-28T12:00:00.000Z',
    })),
    comparison: [comparisonLine()],
    quotes: [],
    ...overrides,
  });
}

/** A supplier offering a product, as GET /products/{id}/suppliers lists it. */
export function productSupplier(id: string, name: string): SupplierMatch {
  return {
    id,
    name,
    location: 'Tema',
    paymentTerms: 'Net 30',
    supplierCategory: 'distributor',
    tags: [],
    unitPrice: 10.5,
    leadTimeDays: 3,
    moq: 1,
    rating: null,
    creditAvailable: null,
    creditLimit: null,
    supportedPaymentMethods: ['mobile_money'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: false,
    availableQuantity: 500,
    longestShelfLifeDays: 400,
    eligibility: { allowed: true, code: null, reason: null },
  };
}

/** What the award form proposes for comparisonLine(): Tema's 150 (all it quoted), nothing elsewhere. */
export const proposedQuantitiesFixture = { [TEMA_LINE]: '150', [KUMASI_LINE]: '', [CAPE_LINE]: '' };
