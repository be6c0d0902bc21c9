import type { SupplierCatalogueItem, SupplierDirectoryEntry, SupplierMatch } from '@aduro/shared/marketplace';

let next = 0;
const uuid = () => {
  next += 1;
  return `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`;
};

/** A supplier match as GET /products/{id}/suppliers answers it; tests override only what they are about. */
export function supplierMatch(overrides: Partial<SupplierMatch> = {}): SupplierMatch {
  return {
    id: uuid(),
    name: 'Tema Pharma Distributors',
    location: 'Tema',
    paymentTerms: 'Net 30',
    supplierCategory: 'distributor',
    tags: ['Distributor', 'In stock'],
    unitPrice: 104.5,
    leadTimeDays: 3,
    moq: 2,
    rating: 4.6,
    creditAvailable: 43711.5,
    creditLimit: 60000,
    supportedPaymentMethods: ['mobile_money', 'credit_facility'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: true,
    availableQuantity: 140,
    longestShelfLifeDays: 412,
    eligibility: { allowed: true, code: null, reason: null },
    ...overrides,
  };
}

/** A supplier card of GET /suppliers. */
export function directoryEntry(overrides: Partial<SupplierDirectoryEntry> = {}): SupplierDirectoryEntry {
  return {
    id: uuid(),
    name: 'Cape Coast Medical Stores',
    location: 'Cape Coast',
    supplierCategory: 'distributor',
    isActive: true,
    paymentTerms: 'Net 14',
    inventory: { lines: 24 },
    customerCount: 2,
    gmv: 139917.5,
    relationship: null,
    ...overrides,
  };
}

/** A row of GET /suppliers/{id}/products. */
export function catalogueItem(overrides: Partial<SupplierCatalogueItem> = {}): SupplierCatalogueItem {
  return {
    productId: uuid(),
    name: 'Amlodipine 10 mg tablets',
    brandName: 'Tobinco',
    category: 'Cardiovascular',
    unitOfMeasure: 'box',
    itemsPerUnit: '28 tablets',
    isService: false,
    unitPrice: 22.5,
    quantity: 2722,
    moq: 1,
    expiryStatus: 'healthy',
    daysUntilExpiry: 248,
    supportsCredit: false,
    creditLimit: null,
    creditAvailable: null,
    medicineClass: 'A',
    controlled: null,
    eligibility: { allowed: true, code: null, reason: null },
    ...overrides,
  };
}
