import type { OrgUser } from '@aduro/shared/staff';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { orgUsersToCsv } from './org-users-csv';

function member(overrides: Partial<OrgUser> & Pick<OrgUser, 'name' | 'email'>): OrgUser {
  return { id: overrides.email, createdAt: '2025-01-06T09:30:00.000Z', roles: [], ...overrides };
}
const role = (id: number, name: string) => ({ role: { id, name } });

describe('orgUsersToCsv', () => {
  it('writes exactly name, email, roles, createdAt with roles in display order joined by "; "', () => {
    const csv = orgUsersToCsv([
      member({
        name: 'Kofi Mensah',
        email: 'admin@tema-pharma.demo',
        roles: [role(4, 'Admin'), role(1, 'InventoryManager'), role(3, 'CreditApprover')],
      }),
      member({ name: 'Ama Owusu', email: 'dispatch@tema-pharma.demo', roles: [role(2, 'ShippingClerk')] }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'name,email,roles,createdAt',
      'Kofi Mensah,admin@tema-pharma.demo,InventoryManager; CreditApprover; Admin,2025-01-06T09:30:00.000Z',
      'Ama Owusu,dispatch@tema-pharma.demo,ShippingClerk,2025-01-06T09:30:00.000Z',
    ]);
  });

  it('writes createdAt as an ISO 8601 UTC instant whatever offset the server used', () => {
    const csv = orgUsersToCsv([
      member({ name: 'A', email: 'a@x.demo', createdAt: '2025-03-01T10:15:00+02:00' }),
    ]);
    expect(csv.split('\r\n')[1]).toBe('A,a@x.demo,,2025-03-01T08:15:00.000Z');
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulae', () => {
    const users = [
      member({ name: 'Boateng, Kwame', email: 'k@x.demo', roles: [role(2, 'ShippingClerk')] }),
      member({ name: 'Efua "Effie" Asante', email: 'e@x.demo' }),
      member({ name: 'Line\nBreak', email: 'l@x.demo' }),
      member({ name: '=HYPERLINK("http://evil")', email: 'h@x.demo' }),
    ];
    const csv = orgUsersToCsv(users);
    expect(csv).toContain('"Boateng, Kwame",k@x.demo,ShippingClerk,');
    expect(csv).toContain('"Efua ""Effie"" Asante",e@x.demo,');
    // A spreadsheet reads the defused cell as text: the quote prefix keeps it from running.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")",h@x.demo`);

    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.data.map((row) => row.name)).toEqual([
      'Boateng, Kwame',
      'Efua "Effie" Asante',
      'Line\nBreak',
      `'=HYPERLINK("http://evil")`,
    ]);
  });

  it('writes only the header when there are no users', () => {
    expect(orgUsersToCsv([]).trim()).toBe('name,email,roles,createdAt');
  });
});
