import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/** Tema Pharma's only Admin in the demo data. */
const ADMIN_NAME = 'Kwame Boateng';
const LAST_ADMIN = 'Your organisation must keep at least one Admin.';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function openUsersTab(page: Page) {
  await signIn(page, ACCOUNTS.supplier, 'supplier');
  await expectPath(page, '/supplier');
  await page.getByRole('tab', { name: 'Users & Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Users & roles' })).toBeVisible();
}

function memberRow(page: Page, email: string) {
  return page.getByRole('listitem').filter({ hasText: email });
}

test.describe('Users & Roles', () => {
  test('an Admin invites a colleague, changes their roles, exports the team, keeps the last Admin and removes the colleague', async ({
    page,
    browser,
  }) => {
    const problems = watchConsole(page);
    await openUsersTab(page);

    // Invite: InventoryManager is ticked by default; this colleague only dispatches.
    const invite = page.getByRole('form', { name: 'Invite a team member' });
    await expect(invite.getByRole('checkbox', { name: /^InventoryManager/ })).toBeChecked();
    await expect(invite.getByText('At least 8 characters')).toBeVisible();
    const email = `ama.serwaa.${Date.now().toString(36)}@tema-pharma.demo`;
    const password = 'Tema-dispatch-2025';
    await invite.getByLabel('Full name').fill('Ama Serwaa');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Password', { exact: true }).fill(password);
    await invite.getByRole('checkbox', { name: /^InventoryManager/ }).uncheck();
    await invite.getByRole('checkbox', { name: /^ShippingClerk/ }).check();
    await invite.getByRole('button', { name: 'Create user' }).click();
    await expect(toast(page, 'User created')).toBeVisible();
    await expect(invite.getByLabel('Email')).toHaveValue('');
    await expect(invite.getByRole('checkbox', { name: /^InventoryManager/ })).toBeChecked();

    // The directory lists them with exactly the role chosen.
    const row = memberRow(page, email);
    await expect(row).toContainText('Ama Serwaa');
    const roles = row.getByRole('group', { name: 'Roles of Ama Serwaa' });
    await expect(roles.getByRole('checkbox', { name: 'ShippingClerk' })).toBeChecked();
    await expect(roles.getByRole('checkbox', { name: 'InventoryManager' })).not.toBeChecked();

    // Change roles: add CreditApprover, then drop ShippingClerk; each tick saves at once.
    // A click, then the state: each box follows the server's answer, so check()'s instant re-read can race it.
    await roles.getByRole('checkbox', { name: 'CreditApprover' }).click();
    await expect(toast(page, 'Roles updated')).toBeVisible();
    await expect(roles.getByRole('checkbox', { name: 'CreditApprover' })).toBeChecked();
    await expect(roles.getByRole('checkbox', { name: 'CreditApprover' })).toBeEnabled();
    await roles.getByRole('checkbox', { name: 'ShippingClerk' }).click();
    await expect(roles.getByRole('checkbox', { name: 'ShippingClerk' })).toBeEnabled();
    await expect(roles.getByRole('checkbox', { name: 'ShippingClerk' })).not.toBeChecked();
    // The last role cannot be cleared.
    await roles.getByRole('checkbox', { name: 'CreditApprover' }).click();
    await expect(toast(page, 'Users must have at least one role')).toBeVisible();
    await expect(roles.getByRole('checkbox', { name: 'CreditApprover' })).toBeChecked();

    // The change is real: the colleague signs in and sees only the Credit Applications tab.
    const colleague = await browser.newContext();
    const colleaguePage = await colleague.newPage();
    await signIn(colleaguePage, email, 'supplier', password);
    await expectPath(colleaguePage, '/supplier');
    await expect(colleaguePage.getByRole('tab', { name: 'Credit Applications' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(colleaguePage.getByRole('tab', { name: 'Shipping' })).toHaveCount(0);
    await expect(colleaguePage.getByRole('tab', { name: 'Users & Roles' })).toHaveCount(0);

    // Export: org_users.csv with name, email, roles joined by '; ', createdAt in ISO form.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('org_users.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('name,email,roles,createdAt');
    const byEmail = new Map(lines.slice(1).map((line) => [line.split(',')[1], line.split(',')]));
    expect(byEmail.get(email)?.slice(0, 3)).toEqual(['Ama Serwaa', email, 'CreditApprover']);
    expect(byEmail.get(email)?.[3]).toMatch(ISO_INSTANT);
    expect(byEmail.get(ACCOUNTS.supplier)?.slice(0, 3)).toEqual([ADMIN_NAME, ACCOUNTS.supplier, 'Admin']);
    expect(byEmail.get(ACCOUNTS.supplier)?.[3]).toMatch(ISO_INSTANT);
    const stock = byEmail.get('stock@tema-pharma.demo');
    expect(stock?.[2]).toBe('InventoryManager');

    // The only Admin cannot demote themselves: the server answers the last-Admin conflict.
    const me = memberRow(page, ACCOUNTS.supplier);
    const myRoles = me.getByRole('group', { name: `Roles of ${ADMIN_NAME}` });
    await expect(me.getByRole('button', { name: /Remove/ })).toBeDisabled();
    await expect(me.getByRole('button', { name: /Remove/ })).toHaveAttribute(
      'title',
      'You cannot remove yourself. Ask another Admin to do it.',
    );
    // Admin is the only role held, so first give a second one, or the one-role rule answers instead.
    await myRoles.getByRole('checkbox', { name: 'Admin' }).click();
    await expect(toast(page, 'Users must have at least one role')).toBeVisible();
    await myRoles.getByRole('checkbox', { name: 'InventoryManager' }).click();
    await expect(myRoles.getByRole('checkbox', { name: 'InventoryManager' })).toBeChecked();
    await expect(myRoles.getByRole('checkbox', { name: 'InventoryManager' })).toBeEnabled();
    await myRoles.getByRole('checkbox', { name: 'Admin' }).click();
    const giveUp = page.getByRole('dialog', { name: 'Give up your Admin role?' });
    await giveUp.getByRole('button', { name: 'Give up Admin' }).click();
    await expect(toast(page, LAST_ADMIN)).toBeVisible();
    await expect(myRoles.getByRole('checkbox', { name: 'Admin' })).toBeChecked();
    await expect(page.getByRole('tab', { name: 'Users & Roles' })).toBeVisible();
    // Put the demo Admin back as it was.
    await myRoles.getByRole('checkbox', { name: 'InventoryManager' }).click();
    await expect(myRoles.getByRole('checkbox', { name: 'InventoryManager' })).toBeEnabled();
    await expect(myRoles.getByRole('checkbox', { name: 'InventoryManager' })).not.toBeChecked();

    // Remove the colleague: Escape cancels, the confirmation removes.
    await row.getByRole('button', { name: /Remove/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Ama Serwaa?' });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /Remove/ }).click();
    await confirm.getByRole('button', { name: 'Remove user' }).click();
    await expect(toast(page, 'User removed')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(memberRow(page, email)).toHaveCount(0);

    // Their session ends at once: the next request sends them back to sign-in.
    await colleaguePage.reload();
    await expectPath(colleaguePage, '/login');
    await colleague.close();
    expect(problems).toEqual([]);
  });

  test('the invite form reports missing details and a missing role as toasts', async ({ page }) => {
    await openUsersTab(page);
    const invite = page.getByRole('form', { name: 'Invite a team member' });
    await invite.getByRole('button', { name: 'Create user' }).click();
    await expect(toast(page, 'Fill in name, email, and password')).toBeVisible();

    await invite.getByLabel('Full name').fill('Yaa Asantewaa');
    await invite.getByLabel('Email').fill('yaa@tema-pharma.demo');
    await invite.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await invite.getByRole('checkbox', { name: /^InventoryManager/ }).uncheck();
    await invite.getByRole('button', { name: 'Create user' }).click();
    await expect(toast(page, 'Select at least one role')).toBeVisible();
    await expect(memberRow(page, 'yaa@tema-pharma.demo')).toHaveCount(0);
  });

  test('on a phone the directory is a stack of cards and the page never scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openUsersTab(page);
    await expect(memberRow(page, ACCOUNTS.supplier)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
