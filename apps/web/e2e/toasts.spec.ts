import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, authForm, chooseType, expectPath, signIn, toast } from './support';

/** How a toast and another element (a part of a modal, a button) overlap, in CSS pixels of height (0: apart). */
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

/** Presses a control as the device would: a tap on a touch screen, a click with a mouse. */
async function press(control: Locator, touch: boolean) {
  if (touch) await control.tap();
  else await control.click();
}

/** Scrolls the page so that `control`'s top edge sits `y` CSS pixels from the top of the screen. */
async function placeAt(control: Locator, y: number) {
  await control.evaluate((element, target) => {
    window.scrollBy({ top: element.getBoundingClientRect().top - target, behavior: 'instant' });
  }, y);
}

/** Signs in through the form with a tap or a click on Sign in. */
async function signInBy(page: Page, touch: boolean, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  const form = authForm(page);
  await chooseType(page, 'customer');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  const button = form.getByRole('button', { name: 'Sign in' });
  await press(button, touch);
  return button;
}

// A phone (touch) and a laptop (mouse): the toasts must keep clear of the control just pressed on both,
// and leave on their own on both.
for (const device of [
  { name: 'a phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'a laptop', viewport: { width: 1280, height: 800 }, touch: false },
]) {
  test.describe(`toasts on ${device.name} (${device.viewport.width} x ${device.viewport.height})`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.touch, isMobile: device.touch });

    test('the sign-in error toast leaves the Sign in button uncovered', async ({ page }) => {
      // An address nobody uses: a failed sign-in counts towards that e-mail's limit, not the demo's.
      const button = await signInBy(
        page,
        device.touch,
        `nobody-${device.viewport.width}@nowhere.test`,
        'wrong-password',
      );
      const shown = toast(page, 'Invalid email or password');
      await expect(shown).toBeVisible();
      await expect.poll(() => overlap(shown, button), { message: 'the toast covers Sign in' }).toBe(0);
      await expectPath(page, '/login');
    });

    test('a success toast leaves the button pressed uncovered, whether it was low or high on the screen', async ({
      page,
    }) => {
      await signInBy(page, device.touch, ACCOUNTS.customer);
      await expectPath(page, '/customer');
      await page.goto('/customer/credit');
      const save = page.getByRole('form', { name: 'Order defaults' }).getByRole('button', { name: 'Save' });
      await expect(save).toBeEnabled();
      const screenHeight = device.viewport.height;
      // Just above the customer area's bar on a phone (where bottom toasts were), and just under the top
      // bar (where top toasts are). Saving the defaults as they are changes nothing.
      const nav = page.getByRole('navigation', { name: 'Customer area' });
      const navBox = (await nav.count()) > 0 ? await nav.boundingBox() : null;
      const navTop = device.touch && navBox ? navBox.y : screenHeight;
      const topBar = (await page.getByRole('banner').boundingBox())!;
      // The card is the page's last: room below it, so that it can be scrolled up under the top bar.
      await page.locator('main').evaluate((main) => {
        const room = document.createElement('div');
        room.style.height = '100vh';
        main.append(room);
      });
      for (const [where, y] of [
        ['low', navTop - 60],
        ['high', topBar.y + topBar.height + 12],
      ] as const) {
        await placeAt(save, y);
        await press(save, device.touch);
        const shown = toast(page, 'Order defaults saved');
        await expect(shown).toBeVisible();
        await expect
          .poll(() => overlap(shown, save), { message: `the toast covers Save pressed ${where}` })
          .toBe(0);
        await shown.getByRole('button', { name: 'Close toast' }).click();
        await expect(shown).toHaveCount(0);
      }
    });

    test("'Welcome back' leaves after its time, even when pressed, and a toast closes with its button", async ({
      page,
    }) => {
      await signInBy(page, device.touch, ACCOUNTS.customer);
      await expectPath(page, '/customer');
      const welcome = toast(page, 'Welcome back');
      await expect(welcome).toBeVisible();
      // Pressing the toast's text (a reader steadying it, or a tap meant to dismiss it) must not keep it
      // for ever: on a phone a tap used to pause it until the next tap elsewhere. A mouse that then leaves
      // lets it go as well. The wait is generous; the toast's time is a few seconds.
      await press(welcome.getByText('Welcome back'), device.touch);
      if (!device.touch) await page.mouse.move(10, device.viewport.height - 10);
      await expect(welcome).toHaveCount(0, { timeout: 30_000 });

      // Any toast can be closed at once with its close button.
      await page.goto('/customer/credit');
      const save = page.getByRole('form', { name: 'Order defaults' }).getByRole('button', { name: 'Save' });
      await expect(save).toBeEnabled();
      await press(save, device.touch);
      const saved = toast(page, 'Order defaults saved');
      await expect(saved).toBeVisible();
      await press(saved.getByRole('button', { name: 'Close toast' }), device.touch);
      await expect(saved).toHaveCount(0);
    });
  });
}
