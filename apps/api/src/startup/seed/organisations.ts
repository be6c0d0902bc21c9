import type { LicenceKind } from '@aduro/shared/compliance';
import type { RoleName } from '@aduro/shared/permissions';
import type { paymentMethod, supplierCategory } from '../../db/schema/index.ts';

export type PaymentMethod = (typeof paymentMethod.enumValues)[number];
export type SupplierCategory = (typeof supplierCategory.enumValues)[number];

/** A demo sign-in; every demo user shares DEMO_PASSWORD. */
export interface DemoUser {
  email: string;
  name: string;
  phone?: string;
  roles: RoleName[];
}

/** A supplier of the demo, with the behaviour the seed gives it when it invents its trade. */
export interface DemoSupplier {
  slug: string;
  name: string;
  category: SupplierCategory;
  location: string;
  phone: string;
  paymentTerms: string;
  supportedPaymentMethods: PaymentMethod[];
  defaultPaymentMethod: PaymentMethod;
  supportsCredit: boolean;
  /** Net-N days of the terms; the credit term of its on-credit orders. */
  creditTermDays?: number;
  defaultLeadTimeDays: number;
  deliveryAddress: string;
  deliveryContactName: string;
  deliveryContactPhone: string;
  approverEmails: string[];
  users: DemoUser[];
  /** pending: registered, licence not yet reviewed; deactivated: switched off by the platform. */
  state: 'active' | 'pending' | 'deactivated';
  joinedDaysAgo: number;
  deactivatedDaysAgo?: number;
  licenceNumber: string;
  /** Prefix of its waybill (tracking) numbers. */
  trackingPrefix: string;
  offerCount: number;
  /** Categories it carries most; it stocks others less often. */
  focus: string[];
  /** Product keys it always stocks. */
  core: string[];
  /** Controlled drugs it distributes, on top of its offerCount; the only offers of them in the demo. */
  controlled?: string[];
  /** Share of its drops delivered by the ETA. */
  onTimeRate: number;
  /** Its prices against the catalogue reference (manufacturers sell cheaper than importers). */
  priceLevel: number;
}

export interface DemoBranch {
  name: string;
  address: string;
  contactName: string;
  contactPhone: string;
}

/**
 * A buyer's Pharmacy Council licence as the platform holds it (issue 32, docs/domain.md "Who may buy
 * what"); days count from the seed's today.
 */
export interface DemoLicence {
  kind: LicenceKind;
  number: string;
  expiresInDays: number;
  /** verified: checked by the demo's platform administrator the day after it was submitted. */
  status: 'verified' | 'pending';
  submittedDaysAgo: number;
  /** A controlled-drugs authorisation; verified with the licence when it is. */
  controlledAuthorisation?: { number: string; expiresInDays: number };
}

/** A buying pharmacy, with the suppliers it tends to buy from (weights). */
export interface DemoCustomer {
  slug: string;
  name: string;
  location: string;
  phone: string;
  users: DemoUser[];
  requesterRole: string;
  branches: DemoBranch[];
  /** Its share of the platform's orders. */
  weight: number;
  suppliers: Record<string, number>;
  joinedDaysAgo: number;
  licence: DemoLicence;
}

export interface DemoCreditLine {
  customer: string;
  supplier: string;
  limit: number;
  /** What the customer asked for; the supplier may have approved less. */
  requested: number;
  setDaysAgo: number;
  status: 'active' | 'suspended';
  suspendedDaysAgo?: number;
  /** How the customer settles its credit invoices. */
  payer: 'prompt' | 'slow' | 'delinquent';
  /** Share of its orders with that supplier that go on credit. */
  creditShare: number;
}

export interface DemoCreditApplication {
  customer: string;
  supplier: string;
  requestedLimit: number;
  notes: string;
  status: 'pending' | 'rejected';
  createdDaysAgo: number;
  decidedDaysAgo?: number;
}

export const DEMO_PLATFORM = {
  slug: 'aduro-platform',
  name: 'Aduro Platform',
  location: 'Accra',
  phone: '+233 30 270 1100',
  users: [
    { email: 'admin@aduro.demo', name: 'Efua Asante', phone: '+233 24 400 1100', roles: ['PlatformAdmin'] },
  ],
} as const satisfies { slug: string; name: string; location: string; phone: string; users: DemoUser[] };

/** Seven trading suppliers, one awaiting licence review and one switched off by the platform. */
export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  {
    slug: 'tema-pharma',
    name: 'Tema Pharma Distributors',
    category: 'distributor',
    location: 'Tema',
    phone: '+233 30 330 4521',
    paymentTerms: 'Net 30',
    supportedPaymentMethods: ['mobile_money', 'cheque', 'credit_facility'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: true,
    creditTermDays: 30,
    defaultLeadTimeDays: 2,
    deliveryAddress: 'Plot 14, Heavy Industrial Area, Community 2, Tema',
    deliveryContactName: 'Kojo Asamoah',
    deliveryContactPhone: '+233 24 455 1290',
    approverEmails: ['credit@tema-pharma.demo', 'admin@tema-pharma.demo'],
    users: [
      { email: 'admin@tema-pharma.demo', name: 'Kwame Boateng', phone: '+233 24 410 2231', roles: ['Admin'] },
      {
        email: 'stock@tema-pharma.demo',
        name: 'Akosua Frimpong',
        phone: '+233 55 318 0042',
        roles: ['InventoryManager'],
      },
      {
        email: 'dispatch@tema-pharma.demo',
        name: 'Kojo Asamoah',
        phone: '+233 24 455 1290',
        roles: ['ShippingClerk'],
      },
      {
        email: 'credit@tema-pharma.demo',
        name: 'Esi Quaye',
        phone: '+233 20 771 6608',
        roles: ['CreditApprover'],
      },
      // The supervising pharmacist: signs off every supply of a controlled drug before it ships.
      {
        email: 'pharmacist@tema-pharma.demo',
        name: 'Abena Owusu-Sekyere',
        phone: '+233 24 903 5517',
        roles: ['Pharmacist'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 420,
    licenceNumber: 'PCG/WS/GT/0412',
    trackingPrefix: 'TPD',
    offerCount: 34,
    focus: ['Antibiotics', 'Antimalarials', 'Analgesics', 'Cardiovascular', 'Diabetes', 'GI', 'IV Fluids'],
    core: [
      'amoxicillin-500',
      'al-20-120',
      'paracetamol-500',
      'ors',
      'metformin-500',
      'amlodipine-5',
      'ceftriaxone-1g',
      'artesunate-inj-60',
      'zinc-20',
      'nitrile-gloves-m',
    ],
    controlled: ['tramadol-50', 'morphine-inj-10', 'diazepam-5'],
    onTimeRate: 0.9,
    priceLevel: 1,
  },
  {
    slug: 'accra-medilink',
    name: 'Accra Medilink Importers',
    category: 'importer',
    location: 'Accra',
    phone: '+233 30 222 9180',
    paymentTerms: 'Prepaid',
    supportedPaymentMethods: ['mobile_money', 'digital_wallet', 'cash'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: false,
    defaultLeadTimeDays: 3,
    deliveryAddress: 'No. 7 Ring Road Central, Kokomlemle, Accra',
    deliveryContactName: 'Nana Yaw Adjei',
    deliveryContactPhone: '+233 24 668 2015',
    approverEmails: ['admin@accra-medilink.demo'],
    users: [
      {
        email: 'admin@accra-medilink.demo',
        name: 'Nana Yaw Adjei',
        phone: '+233 24 668 2015',
        roles: ['Admin'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 390,
    licenceNumber: 'PCG/IMP/GA/0877',
    trackingPrefix: 'AMI',
    offerCount: 26,
    focus: ['Respiratory', 'Diabetes', 'Diagnostics', 'Antibiotics', 'Maternal Health'],
    core: ['ors', 'insulin-soluble', 'salbutamol-inhaler', 'malaria-rdt', 'amoxicillin-500'],
    onTimeRate: 0.82,
    priceLevel: 1.08,
  },
  {
    slug: 'ashanti-pharma',
    name: 'Ashanti Pharmaceutical Manufacturing',
    category: 'manufacturer',
    location: 'Kumasi',
    phone: '+233 32 202 8844',
    paymentTerms: 'Net 14 or mobile money',
    supportedPaymentMethods: ['mobile_money', 'credit_facility'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: true,
    creditTermDays: 14,
    defaultLeadTimeDays: 4,
    deliveryAddress: 'Sokoban Wood Village Road, Kaase Industrial Area, Kumasi',
    deliveryContactName: 'Abena Ofori-Atta',
    deliveryContactPhone: '+233 24 302 7719',
    approverEmails: ['admin@ashanti-pharma.demo'],
    users: [
      {
        email: 'admin@ashanti-pharma.demo',
        name: 'Abena Ofori-Atta',
        phone: '+233 24 302 7719',
        roles: ['Admin'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 360,
    licenceNumber: 'FDA/MAN/AR/0239',
    trackingPrefix: 'APM',
    offerCount: 18,
    focus: ['Analgesics', 'Antibiotics', 'GI', 'Vitamins & Minerals', 'Antimalarials'],
    core: ['metformin-500', 'paracetamol-500', 'al-20-120'],
    onTimeRate: 0.72,
    priceLevel: 0.92,
  },
  {
    slug: 'westcoast-pharma',
    name: 'Western Coast Pharma Distributors',
    category: 'distributor',
    location: 'Takoradi',
    phone: '+233 31 202 6617',
    paymentTerms: 'Cheque on delivery',
    supportedPaymentMethods: ['cheque', 'cash'],
    defaultPaymentMethod: 'cheque',
    supportsCredit: false,
    defaultLeadTimeDays: 3,
    deliveryAddress: 'Harbour Road, Market Circle, Takoradi',
    deliveryContactName: 'Ekow Mensah-Bonsu',
    deliveryContactPhone: '+233 27 415 8830',
    approverEmails: ['admin@westcoast-pharma.demo'],
    users: [
      {
        email: 'admin@westcoast-pharma.demo',
        name: 'Ekow Mensah-Bonsu',
        phone: '+233 27 415 8830',
        roles: ['Admin'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 330,
    licenceNumber: 'PCG/WS/WR/0158',
    trackingPrefix: 'WCP',
    offerCount: 22,
    focus: ['Antimalarials', 'Antibiotics', 'Analgesics', 'Consumables'],
    core: ['al-20-120', 'paracetamol-500', 'amoxicillin-500'],
    onTimeRate: 0.65,
    priceLevel: 1.02,
  },
  {
    slug: 'goldcoast-generics',
    name: 'Goldcoast Generics Ltd',
    category: 'manufacturer',
    location: 'Accra',
    phone: '+233 30 281 9930',
    paymentTerms: 'Net 30',
    supportedPaymentMethods: ['cheque', 'mobile_money', 'credit_facility'],
    defaultPaymentMethod: 'cheque',
    supportsCredit: true,
    creditTermDays: 30,
    defaultLeadTimeDays: 5,
    deliveryAddress: 'Spintex Road, Baatsona Industrial Enclave, Accra',
    deliveryContactName: 'Adwoa Sarpong',
    deliveryContactPhone: '+233 50 129 4406',
    approverEmails: ['admin@goldcoast-generics.demo'],
    users: [
      {
        email: 'admin@goldcoast-generics.demo',
        name: 'Adwoa Sarpong',
        phone: '+233 50 129 4406',
        roles: ['Admin'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 300,
    licenceNumber: 'FDA/MAN/GA/0611',
    trackingPrefix: 'GCG',
    offerCount: 16,
    focus: ['Cardiovascular', 'Diabetes', 'Antimalarials'],
    core: ['amlodipine-5', 'losartan-50', 'metformin-500', 'nifedipine-20'],
    onTimeRate: 0.78,
    priceLevel: 0.9,
  },
  {
    slug: 'capecoast-medical',
    name: 'Cape Coast Medical Stores',
    category: 'distributor',
    location: 'Cape Coast',
    phone: '+233 33 213 2478',
    paymentTerms: 'Net 14',
    supportedPaymentMethods: ['mobile_money', 'cash', 'credit_facility'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: true,
    creditTermDays: 14,
    defaultLeadTimeDays: 3,
    deliveryAddress: 'Commercial Street, Kotokuraba, Cape Coast',
    deliveryContactName: 'Joseph Arthur',
    deliveryContactPhone: '+233 24 907 3318',
    approverEmails: ['admin@capecoast-medical.demo'],
    users: [
      {
        email: 'admin@capecoast-medical.demo',
        name: 'Joseph Arthur',
        phone: '+233 24 907 3318',
        roles: ['Admin'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 280,
    licenceNumber: 'PCG/WS/CR/0094',
    trackingPrefix: 'CCM',
    offerCount: 24,
    focus: ['Maternal Health', 'IV Fluids', 'Antimalarials', 'Antibiotics'],
    core: ['oxytocin-10', 'ors', 'al-20-120', 'normal-saline-500'],
    // Diazepam for eclamptic fits and morphine for the wards: what its maternity and hospital buyers ask for.
    controlled: ['morphine-inj-10', 'diazepam-5'],
    onTimeRate: 0.86,
    priceLevel: 1,
  },
  {
    slug: 'savannah-health',
    name: 'Savannah Health Supplies',
    category: 'distributor',
    location: 'Tamale',
    phone: '+233 37 202 5561',
    paymentTerms: 'Cash on delivery',
    supportedPaymentMethods: ['cash', 'mobile_money'],
    defaultPaymentMethod: 'cash',
    supportsCredit: false,
    defaultLeadTimeDays: 4,
    deliveryAddress: 'Bolgatanga Road, Kalpohin, Tamale',
    deliveryContactName: 'Ibrahim Alhassan',
    deliveryContactPhone: '+233 24 286 5541',
    approverEmails: ['admin@savannah-health.demo'],
    users: [
      {
        email: 'admin@savannah-health.demo',
        name: 'Ibrahim Alhassan',
        phone: '+233 24 286 5541',
        roles: ['Admin'],
      },
    ],
    state: 'active',
    joinedDaysAgo: 260,
    licenceNumber: 'PCG/WS/NR/0051',
    trackingPrefix: 'SHS',
    offerCount: 20,
    focus: ['Antimalarials', 'GI', 'Vitamins & Minerals', 'IV Fluids', 'Maternal Health'],
    core: ['al-20-120', 'ors', 'zinc-20', 'sp-500-25', 'paracetamol-500'],
    onTimeRate: 0.7,
    priceLevel: 1.05,
  },
  {
    slug: 'northstar',
    name: 'Northstar Medical Imports',
    category: 'importer',
    location: 'Tamale',
    phone: '+233 37 209 1184',
    paymentTerms: 'Prepaid',
    supportedPaymentMethods: ['mobile_money', 'cash'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: false,
    defaultLeadTimeDays: 6,
    deliveryAddress: 'Plot 22, Industrial Area, Tamale',
    deliveryContactName: 'Fuseini Abdulai',
    deliveryContactPhone: '+233 24 733 0917',
    approverEmails: ['admin@northstar.demo'],
    users: [
      { email: 'admin@northstar.demo', name: 'Fuseini Abdulai', phone: '+233 24 733 0917', roles: ['Admin'] },
    ],
    state: 'pending',
    joinedDaysAgo: 4,
    licenceNumber: 'PCG/IMP/NR/0302',
    trackingPrefix: 'NMI',
    offerCount: 6,
    focus: ['Diagnostics', 'Consumables', 'Respiratory'],
    core: ['malaria-rdt', 'glucose-strips'],
    onTimeRate: 0.75,
    priceLevel: 1.1,
  },
  {
    slug: 'harbour-surgical',
    name: 'Harbour Surgical Imports',
    category: 'importer',
    location: 'Tema',
    phone: '+233 30 331 7702',
    paymentTerms: 'Prepaid',
    supportedPaymentMethods: ['mobile_money', 'digital_wallet'],
    defaultPaymentMethod: 'mobile_money',
    supportsCredit: false,
    defaultLeadTimeDays: 5,
    deliveryAddress: 'Meridian Road, Community 1, Tema',
    deliveryContactName: 'Daniel Tetteh',
    deliveryContactPhone: '+233 20 554 9027',
    approverEmails: ['admin@harbour-surgical.demo'],
    users: [
      {
        email: 'admin@harbour-surgical.demo',
        name: 'Daniel Tetteh',
        phone: '+233 20 554 9027',
        roles: ['Admin'],
      },
    ],
    state: 'deactivated',
    joinedDaysAgo: 380,
    deactivatedDaysAgo: 30,
    licenceNumber: 'PCG/IMP/GT/0529',
    trackingPrefix: 'HSI',
    offerCount: 14,
    focus: ['Consumables', 'IV Fluids', 'Diagnostics'],
    core: ['syringe-5ml', 'iv-cannula-22g', 'nitrile-gloves-m', 'gauze-roll'],
    onTimeRate: 0.6,
    priceLevel: 1.06,
  },
];

/**
 * Community pharmacies, a hospital pharmacy and a small chain across six regions, all verified (AccraCare
 * also for controlled drugs); then a new OTC medicine seller and a new pharmacy whose licence awaits review.
 */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    slug: 'accracare',
    name: 'AccraCare Pharmacy',
    location: 'Accra',
    phone: '+233 30 277 4410',
    users: [
      { email: 'buyer@accracare.demo', name: 'Ama Mensah', phone: '+233 24 381 7720', roles: ['Buyer'] },
      { email: 'procurement@accracare.demo', name: 'Yaw Darko', phone: '+233 20 915 3342', roles: ['Buyer'] },
    ],
    requesterRole: 'Superintendent Pharmacist',
    branches: [
      {
        name: 'AccraCare Osu',
        address: 'Oxford Street, Osu, Accra',
        contactName: 'Ama Mensah',
        contactPhone: '+233 24 381 7720',
      },
      {
        name: 'AccraCare East Legon',
        address: 'Lagos Avenue, East Legon, Accra',
        contactName: 'Yaw Darko',
        contactPhone: '+233 20 915 3342',
      },
      {
        name: 'AccraCare Spintex',
        address: 'Spintex Road, near Flower Pot junction, Accra',
        contactName: 'Efua Nyarko',
        contactPhone: '+233 55 210 6684',
      },
    ],
    weight: 28,
    suppliers: {
      'tema-pharma': 5,
      'accra-medilink': 3,
      'ashanti-pharma': 2,
      'goldcoast-generics': 1.5,
      'harbour-surgical': 1,
    },
    joinedDaysAgo: 400,
    licence: {
      kind: 'retail_pharmacy',
      number: 'PCG/RP/GA/1187',
      expiresInDays: 398,
      status: 'verified',
      submittedDaysAgo: 41,
      controlledAuthorisation: { number: 'NACOC/CDA/GA/0233', expiresInDays: 305 },
    },
  },
  {
    slug: 'kejetia-health',
    name: 'Kejetia Health Pharmacy',
    location: 'Kumasi',
    phone: '+233 32 203 1175',
    users: [
      {
        email: 'buyer@kejetia-health.demo',
        name: 'Afua Agyeman',
        phone: '+233 24 119 5503',
        roles: ['Buyer'],
      },
    ],
    requesterRole: 'Pharmacist in charge',
    branches: [
      {
        name: 'Kejetia Health Adum',
        address: 'Prempeh II Street, Adum, Kumasi',
        contactName: 'Afua Agyeman',
        contactPhone: '+233 24 119 5503',
      },
      {
        name: 'Kejetia Health Suame',
        address: 'Suame Roundabout, Kumasi',
        contactName: 'Kwadwo Antwi',
        contactPhone: '+233 54 662 0871',
      },
    ],
    weight: 15,
    suppliers: { 'ashanti-pharma': 5, 'tema-pharma': 2, 'accra-medilink': 1, 'savannah-health': 1 },
    joinedDaysAgo: 370,
    licence: {
      kind: 'retail_pharmacy',
      number: 'PCG/RP/AR/0942',
      expiresInDays: 463,
      status: 'verified',
      submittedDaysAgo: 38,
    },
  },
  {
    slug: 'anaji-family',
    name: 'Anaji Family Pharmacy',
    location: 'Takoradi',
    phone: '+233 31 209 4423',
    users: [
      { email: 'buyer@anaji-family.demo', name: 'Kweku Essien', phone: '+233 24 540 3368', roles: ['Buyer'] },
    ],
    requesterRole: 'Owner-pharmacist',
    branches: [
      {
        name: 'Anaji Family Pharmacy',
        address: 'Anaji Estate Road, Takoradi',
        contactName: 'Kweku Essien',
        contactPhone: '+233 24 540 3368',
      },
    ],
    weight: 12,
    suppliers: { 'westcoast-pharma': 4, 'goldcoast-generics': 3, 'capecoast-medical': 2 },
    joinedDaysAgo: 340,
    licence: {
      kind: 'retail_pharmacy',
      number: 'PCG/RP/WR/0517',
      expiresInDays: 371,
      status: 'verified',
      submittedDaysAgo: 36,
    },
  },
  {
    slug: 'oguaa',
    name: 'Oguaa Community Pharmacy',
    location: 'Cape Coast',
    phone: '+233 33 219 6652',
    users: [
      { email: 'buyer@oguaa.demo', name: 'Araba Quansah', phone: '+233 24 877 1904', roles: ['Buyer'] },
    ],
    requesterRole: 'Pharmacist in charge',
    branches: [
      {
        name: 'Oguaa Community Pharmacy',
        address: 'Jackson Street, Bakaano, Cape Coast',
        contactName: 'Araba Quansah',
        contactPhone: '+233 24 877 1904',
      },
      {
        name: 'Oguaa Pharmacy Abura',
        address: 'Abura Junction, Cape Coast',
        contactName: 'Kobina Amissah',
        contactPhone: '+233 55 430 2276',
      },
    ],
    weight: 12,
    suppliers: { 'capecoast-medical': 5, 'westcoast-pharma': 2, 'tema-pharma': 2 },
    joinedDaysAgo: 300,
    licence: {
      kind: 'retail_pharmacy',
      number: 'PCG/RP/CR/0388',
      expiresInDays: 512,
      status: 'verified',
      submittedDaysAgo: 33,
    },
  },
  {
    slug: 'tamale-central',
    name: 'Tamale Central Hospital Pharmacy',
    location: 'Tamale',
    phone: '+233 37 202 2290',
    users: [
      {
        email: 'buyer@tamale-central.demo',
        name: 'Abdul-Rahman Issah',
        phone: '+233 24 318 6650',
        roles: ['Buyer'],
      },
      {
        email: 'procurement@tamale-central.demo',
        name: 'Memunatu Sulemana',
        phone: '+233 20 640 1187',
        roles: ['Buyer'],
      },
    ],
    requesterRole: 'Chief Pharmacist',
    branches: [
      {
        name: 'Main Pharmacy Store',
        address: 'Hospital Road, Tamale',
        contactName: 'Abdul-Rahman Issah',
        contactPhone: '+233 24 318 6650',
      },
      {
        name: 'Maternity Unit Store',
        address: 'Maternity Block, Hospital Road, Tamale',
        contactName: 'Memunatu Sulemana',
        contactPhone: '+233 20 640 1187',
      },
    ],
    weight: 17,
    suppliers: { 'savannah-health': 4, 'tema-pharma': 3, 'ashanti-pharma': 2, 'harbour-surgical': 1 },
    joinedDaysAgo: 350,
    licence: {
      kind: 'hospital_pharmacy',
      number: 'PCG/HP/NR/0061',
      expiresInDays: 640,
      status: 'verified',
      submittedDaysAgo: 40,
    },
  },
  {
    slug: 'volta-wellness',
    name: 'Volta Wellness Pharmacies',
    location: 'Ho',
    phone: '+233 36 202 8815',
    users: [
      {
        email: 'buyer@volta-wellness.demo',
        name: 'Selorm Agbeko',
        phone: '+233 24 226 9013',
        roles: ['Buyer'],
      },
      {
        email: 'procurement@volta-wellness.demo',
        name: 'Elikem Dzeble',
        phone: '+233 50 318 7725',
        roles: ['Buyer'],
      },
    ],
    requesterRole: 'Group Procurement Lead',
    branches: [
      {
        name: 'Volta Wellness Ho',
        address: 'Main Market Road, Ho',
        contactName: 'Selorm Agbeko',
        contactPhone: '+233 24 226 9013',
      },
      {
        name: 'Volta Wellness Hohoe',
        address: 'Market Street, Hohoe',
        contactName: 'Elikem Dzeble',
        contactPhone: '+233 50 318 7725',
      },
      {
        name: 'Volta Wellness Keta',
        address: 'Lagoon Road, Keta',
        contactName: 'Delali Kumordzi',
        contactPhone: '+233 55 902 4418',
      },
    ],
    weight: 16,
    suppliers: { 'goldcoast-generics': 4, 'tema-pharma': 3, 'accra-medilink': 2 },
    joinedDaysAgo: 320,
    licence: {
      kind: 'retail_pharmacy',
      number: 'PCG/RP/VR/0275',
      expiresInDays: 426,
      status: 'verified',
      submittedDaysAgo: 35,
    },
  },
  // The two below joined days ago and have not traded yet; weight 0 keeps them out of the random
  // history, so every figure of the buyers above stays as it was.
  {
    slug: 'adom-chemicals',
    name: 'Adom OTC Medicine Store',
    location: 'Nkawkaw',
    phone: '+233 34 312 2086',
    users: [
      {
        email: 'buyer@adom-chemicals.demo',
        name: 'Kofi Owusu-Ansah',
        phone: '+233 24 771 0394',
        roles: ['Buyer'],
      },
    ],
    requesterRole: 'Licensed OTC medicine seller',
    branches: [
      {
        name: 'Adom OTC Medicine Store',
        address: 'Station Road, near the lorry park, Nkawkaw',
        contactName: 'Kofi Owusu-Ansah',
        contactPhone: '+233 24 771 0394',
      },
    ],
    weight: 0,
    suppliers: {},
    joinedDaysAgo: 9,
    // May buy class C only, and nothing controlled (Pharmacy Act s.30; docs/domain.md "Who may buy what").
    licence: {
      kind: 'otc_medicine_seller',
      number: 'PCG/OTC/ER/2231',
      expiresInDays: 392,
      status: 'verified',
      submittedDaysAgo: 9,
    },
  },
  {
    slug: 'lifeline-sunyani',
    name: 'Lifeline Pharmacy Sunyani',
    location: 'Sunyani',
    phone: '+233 35 202 7741',
    users: [
      {
        email: 'buyer@lifeline-sunyani.demo',
        name: 'Gifty Boakye',
        phone: '+233 24 560 8812',
        roles: ['Buyer'],
      },
    ],
    requesterRole: 'Superintendent Pharmacist',
    branches: [
      {
        name: 'Lifeline Pharmacy Sunyani',
        address: 'Sunyani-Berekum Road, Penkwase, Sunyani',
        contactName: 'Gifty Boakye',
        contactPhone: '+233 24 560 8812',
      },
    ],
    weight: 0,
    suppliers: {},
    joinedDaysAgo: 2,
    // Submitted at registration and not checked yet: it may draft and cart, not release (issue 32).
    licence: {
      kind: 'retail_pharmacy',
      number: 'PCG/RP/BR/0614',
      expiresInDays: 655,
      status: 'pending',
      submittedDaysAgo: 2,
    },
  },
];

/** Credit lines in place; each comes from an approved application on its date. */
export const DEMO_CREDIT_LINES: readonly DemoCreditLine[] = [
  {
    customer: 'accracare',
    supplier: 'tema-pharma',
    limit: 60000,
    requested: 75000,
    setDaysAgo: 240,
    status: 'active',
    payer: 'prompt',
    creditShare: 0.55,
  },
  {
    customer: 'accracare',
    supplier: 'ashanti-pharma',
    limit: 20000,
    requested: 20000,
    setDaysAgo: 150,
    status: 'active',
    payer: 'prompt',
    creditShare: 0.5,
  },
  {
    customer: 'kejetia-health',
    supplier: 'ashanti-pharma',
    limit: 40000,
    requested: 50000,
    setDaysAgo: 220,
    status: 'active',
    payer: 'slow',
    creditShare: 0.6,
  },
  {
    customer: 'tamale-central',
    supplier: 'tema-pharma',
    limit: 80000,
    requested: 80000,
    setDaysAgo: 200,
    status: 'active',
    payer: 'slow',
    creditShare: 0.75,
  },
  {
    customer: 'volta-wellness',
    supplier: 'goldcoast-generics',
    limit: 50000,
    requested: 60000,
    setDaysAgo: 190,
    status: 'active',
    payer: 'prompt',
    creditShare: 0.6,
  },
  {
    customer: 'anaji-family',
    supplier: 'goldcoast-generics',
    limit: 15000,
    requested: 25000,
    setDaysAgo: 170,
    status: 'suspended',
    suspendedDaysAgo: 18,
    payer: 'delinquent',
    creditShare: 0.7,
  },
  {
    customer: 'oguaa',
    supplier: 'capecoast-medical',
    limit: 20000,
    requested: 20000,
    setDaysAgo: 120,
    status: 'active',
    payer: 'prompt',
    creditShare: 0.5,
  },
];

/** Applications still waiting for a decision, and the ones turned down. */
export const DEMO_CREDIT_APPLICATIONS: readonly DemoCreditApplication[] = [
  {
    customer: 'oguaa',
    supplier: 'tema-pharma',
    requestedLimit: 30000,
    notes: 'Adding Tema Pharma as second source for antimalarials and IV fluids ahead of the rainy season.',
    status: 'pending',
    createdDaysAgo: 3,
  },
  {
    customer: 'volta-wellness',
    supplier: 'tema-pharma',
    requestedLimit: 45000,
    notes: 'Three branches (Ho, Hohoe, Keta); monthly purchases with you are around GH₵ 15,000.',
    status: 'pending',
    createdDaysAgo: 6,
  },
  {
    customer: 'anaji-family',
    supplier: 'capecoast-medical',
    requestedLimit: 20000,
    notes: 'Requesting Net 14 terms for maternal health lines.',
    status: 'pending',
    createdDaysAgo: 2,
  },
  {
    customer: 'anaji-family',
    supplier: 'tema-pharma',
    requestedLimit: 25000,
    notes: 'Would like to consolidate orders with Tema Pharma.',
    status: 'rejected',
    createdDaysAgo: 47,
    decidedDaysAgo: 45,
  },
  {
    customer: 'tamale-central',
    supplier: 'ashanti-pharma',
    requestedLimit: 35000,
    notes: 'Hospital procurement, paid by the regional health directorate.',
    status: 'rejected',
    createdDaysAgo: 104,
    decidedDaysAgo: 100,
  },
];
