import { describe, expect, it } from 'vitest';
import { LICENCE_MAX_BYTES, loginSchema, registerSchema, splitApprovers } from './auth.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const supplier = {
  email: 'owner@supplier.test',
  password: 'secret1',
  name: 'Yaw Darko',
  userType: 'supplier',
  businessName: 'Darko Imports',
  organizationPhone: '0302221111',
  organizationLocation: 'Accra',
  supplierCategory: 'importer',
  deliveryAddress: '12 Spintex Road',
  deliveryContactName: 'Akosua',
  deliveryContactPhone: '0245550000',
  approvers: 'a@x.test, b@x.test',
  licensureDocument: { name: 'licence.PDF', size: 1000 },
};

describe('sign-in schema', () => {
  it('uses the SPEC messages for e-mail, password and user type', () => {
    expect(messages(loginSchema.safeParse({ email: 'nope', password: '12345', userType: 'root' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      userType: 'User type must be customer, supplier or platform',
    });
  });

  it('trims the e-mail', () => {
    expect(loginSchema.parse({ email: ' ama@x.test ', password: '123456', userType: 'customer' }).email).toBe(
      'ama@x.test',
    );
  });
});

describe('registration schema', () => {
  it('accepts a complete supplier and splits comma-separated approvers', () => {
    const data = registerSchema.parse(supplier);
    expect(data.approvers).toEqual(['a@x.test', 'b@x.test']);
    expect(data.supplierCategory).toBe('importer');
  });

  it('requires every supplier field with its SPEC message', () => {
    const result = registerSchema.safeParse({
      email: 'o@s.test',
      password: 'secret1',
      name: 'Yaw',
      userType: 'supplier',
    });
    expect(messages(result)).toMatchObject({
      businessName: 'Business name is required',
      supplierCategory: 'Select the supplier category that best describes your organisation',
      licensureDocument: 'Upload a licensure document we can verify',
      approvers: 'Add at least one approver email',
    });
  });

  it('trims the business name before checking its length', () => {
    expect(messages(registerSchema.safeParse({ ...supplier, businessName: '  A  ' })).businessName).toBe(
      'Business name is required',
    );
  });

  it('names the invalid approver', () => {
    expect(messages(registerSchema.safeParse({ ...supplier, approvers: 'a@x.test, oops' })).approvers).toBe(
      'Approver email "oops" is invalid',
    );
  });

  it('refuses a licence over 20 MB and one of another type', () => {
    const big = registerSchema.safeParse({
      ...supplier,
      licensureDocument: { name: 'a.pdf', size: LICENCE_MAX_BYTES + 1 },
    });
    expect(messages(big).licensureDocument).toBe('File must be 20MB or smaller');
    const exactly = registerSchema.safeParse({
      ...supplier,
      licensureDocument: { name: 'a.pdf', size: LICENCE_MAX_BYTES },
    });
    expect(exactly.success).toBe(true);
    const exe = registerSchema.safeParse({ ...supplier, licensureDocument: { name: 'a.exe', size: 10 } });
    expect(messages(exe).licensureDocument).toBe('Upload a PDF, PNG, JPG, DOC or DOCX file');
  });

  it('leaves the organisation fields optional for customers, but checks them when given', () => {
    const base = { email: 'c@x.test', password: 'secret1', name: 'Ama Mensah', userType: 'customer' };
    expect(registerSchema.safeParse(base).success).toBe(true);
    expect(registerSchema.safeParse({ ...base, businessName: '', organizationPhone: '' }).success).toBe(true);
    expect(
      messages(registerSchema.safeParse({ ...base, organizationPhone: '123' })).organizationPhone,
    ).toBeDefined();
    expect(messages(registerSchema.safeParse({ ...base, name: 'Al' })).name).toBe('Tell us who you are');
  });

  it('does not offer platform registration', () => {
    const result = registerSchema.safeParse({
      email: 'p@x.test',
      password: 'secret1',
      name: 'Plat Form',
      userType: 'platform',
    });
    expect(messages(result).userType).toBe('Platform accounts cannot be self-registered');
  });
});

describe('approver splitting', () => {
  it('accepts repeated fields, arrays and comma-separated text, dropping blanks', () => {
    expect(splitApprovers(['a@x.test', 'b@x.test, c@x.test', ' '])).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
    ]);
    expect(splitApprovers(undefined)).toEqual([]);
    expect(splitApprovers(' , ')).toEqual([]);
  });
});
