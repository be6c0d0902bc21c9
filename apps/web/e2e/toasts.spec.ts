import { expect, test, type Locator } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast } from './support';

/** How a toast and a part of a modal overlap, in CSS pixels of height (0: apart). */
async function overlap(toastBox: Locator, part: Locator): Promise<number | null> {
  const [a, b] = [await toastBox.boundingBox(), await part.boundingBox()];
  if (!a || !b) return null;
  const across = a.x < b.x + b.width && b.x < a.x + a.width;
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return across && down > 0 ? Math.round(down) : 0;
}

// A phone, where the dialog fills the screen, and a tablet, where its centred card is as tall as the
// screen allows and the toasts' bottom-right corner would lie under it unless the card makes room.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 768, height: 600 },
]) {
  test.describe(`toasts over a dialog at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    test("the review toast of an empty 'Add catalogue product' leaves the dialog's title, fields and buttons uncovered", async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.supplier, 'supplier');
      await expectPath(page, '/supplier');
      await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
      await page.getByRole('button', { name: 'Add catalogue product' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add catalogue product' });
      await expect(dialog).toBeVisible();

      await dialog.getByRole('button', { name: 'Add product' }).click();
      const shown = toast(page, 'Please complete all required product fields');
      await expect(shown).toBeVisible();
      const parts = {
        'the title': dialog.getByRole('heading', { name: 'Add catalogue product' }),
        // The scrolling body: every field the dialog shows is inside it.
        'the fields': dialog.locator('[data-modal-body]'),
        'Add product': dialog.getByRole('button', { name: 'Add product' }),
        Cancel: dialog.getByRole('button', { name: 'Cancel' }),
      };
      // The room is made as the toast mounts (a short transition): wait for it, then nothing overlaps.
      for (const [what, part] of Object.entries(parts)) {
        await expect.poll(() => overlap(shown, part), { message: `the toast covers ${what}` }).toBe(0);
      }
    });
  });
}

// The top bar has two rows below 1024 px and one from there; a top-right toast starts under either.
for (const viewport of [
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]) {
  test.describe(`toasts under the top bar at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    test('the sign-in toast leaves the top bar and its Sign out button uncovered', async ({ page }) => {
      await signIn(page, ACCOUNTS.customer, 'customer');
      await expectPath(page, '/customer');
      const shown = page.locator('[data-sonner-toast]').first();
      await expect(shown).toBeVisible();
      await expect
        .poll(() => overlap(shown, page.getByRole('banner')), { message: 'the toast covers the top bar' })
        .toBe(0);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
    });
  });
}
