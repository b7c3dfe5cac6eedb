import { ADMIN, expect, expectAccessible, menuItems, signIn, test } from './support/fixtures.ts';

// docs/design.md §8 and §8.8: an admin names the company on Settings, and the printed price list
// says whose it is, above its line of date, rate and filters.

test('an admin names the company on Settings, and the printed price list carries the name', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await menuItems(page).filter({ hasText: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  await test.step('a level that would lock the admin out is refused under its field', async () => {
    await page.getByLabel('Two-factor sign-in required for').selectOption({ label: 'Admins' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Set up two-factor sign-in for yourself first.')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Two-factor sign-in required for').selectOption({ label: 'Nobody' });
  });

  await test.step('the texts are saved, the address on two lines', async () => {
    await page.getByLabel('Company name').fill('Cool Breeze Traders');
    await page.getByLabel('Company address').fill('12 Mall Road\nLahore');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Settings updated successfully.');
    await page.reload();
    await expect(page.getByLabel('Company address')).toHaveValue('12 Mall Road\nLahore');
  });

  await test.step("the printed sheet starts with the company's name and 'Price list'", async () => {
    await menuItems(page).filter({ hasText: 'Models' }).click();
    const heading = page.getByTestId('print-heading');
    await expect(heading).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveText(/Cool Breeze Traders\s*Price list/);
    const [headingBox, lineBox] = [await heading.boundingBox(), await page.getByTestId('print-line').boundingBox()];
    expect(headingBox!.y).toBeLessThan(lineBox!.y);
  });
});
