import { ADMIN, expect, menuItems, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';
import { expectVisibleFocus, retype, signInByKeyboard, tabTo } from './support/keyboard.ts';

// One full task per role without a mouse: Tab, Shift+Tab, Enter, Escape and typing only (no click,
// no fill, no focus() on an element). A closed <select> takes its option from the letters typed, as
// in any browser. The only thing not done by keyboard is the browser's own confirm before a stock
// move (docs/product.md §5): it is not part of the page, so the test answers it as the browser's dialog.

const VARIABLES = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };

test('an admin adds a model from the menu and finds it with the search box, by keyboard only', async ({ page, adminApi }) => {
  // A brand and series to file the model under; their names start with letters no other journey's do.
  await seedCatalogue(adminApi, 'Keyad', []);
  await signInByKeyboard(page, ADMIN.username, ADMIN.password);

  await test.step('the menu takes the admin to Models, then the + to Add Model', async () => {
    await tabTo(page, menuItems(page).filter({ hasText: 'Models' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Models List' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Add Model' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Add Model' })).toBeVisible();
  });

  await test.step('fills the form in tab order and sends it', async () => {
    await tabTo(page, page.getByLabel('Model Name'));
    await page.keyboard.type('Keyad KB-12');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Capacity in KW')).toBeFocused();
    await page.keyboard.type('3.5');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Price in Usd')).toBeFocused();
    await page.keyboard.type('120');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Minimum Stock')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Brand', { exact: true })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type('Keyad');
    await expect(page.getByLabel('Brand', { exact: true }).locator('option:checked')).toHaveText('Keyad Brand');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Series')).toBeFocused();
    await expect(page.getByLabel('Series').getByRole('option', { name: 'Keyad Series' })).toBeAttached();
    await page.keyboard.type('Keyad');
    await expect(page.getByLabel('Series').locator('option:checked')).toHaveText('Keyad Series');
    // Enter in a field sends the form, as it does in any form.
    await tabTo(page, page.getByLabel('Model Name'), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Model added successfully.');
  });

  await test.step('finds the new model with the search box of the list', async () => {
    await tabTo(page, menuItems(page).filter({ hasText: 'Models' }), { backwards: true });
    await page.keyboard.press('Enter');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await tabTo(page, search);
    await expectVisibleFocus(page);
    await page.keyboard.type('kb-12');
    await expect(page).toHaveURL(/search=kb-12/);
    await expect(page.getByRole('cell', { name: 'Keyad KB-12', exact: true })).toBeVisible();
    await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
  });
});

const MANAGER = { name: 'Kamal Keys', username: 'kamal.keys', password: 'types-all-day-1' };

test('a manager adds stock and bumps the exchange rate, answering its question, by keyboard only', async ({ page, adminApi }) => {
  await seedCatalogue(adminApi, 'Keyman', [{ name: 'Keyman KM-18', kw: 5.2, usd: 50 }]);
  await setVariables(adminApi, VARIABLES);
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  await signInByKeyboard(page, MANAGER.username, MANAGER.password);

  await test.step('Add Stock from the menu: model, quantity, Enter, and the confirm', async () => {
    await tabTo(page, menuItems(page).filter({ hasText: 'Add Stock' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Model', { exact: true }));
    // The searchable picker: typing narrows it and marks the first match; Enter picks it.
    await page.keyboard.type('keyman km');
    await expect(page.getByRole('option', { name: 'Keyman KM-18 (Keyman Series)' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('Keyman KM-18 (Keyman Series)');
    await page.keyboard.press('Tab');
    await page.keyboard.type('7');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Stock added successfully.');
  });

  await test.step('the EXCH box: a rate 20 % away asks first; Escape is Cancel', async () => {
    await tabTo(page, menuItems(page).filter({ hasText: 'Models' }), { backwards: true });
    await page.keyboard.press('Enter');
    const exch = page.getByRole('textbox', { name: 'EXCH', exact: true });
    await expect(exch).toHaveValue('281.15');
    await tabTo(page, exch);
    await expectVisibleFocus(page);
    await retype(page, '400');
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    // Focus starts on the safe answer, and shows.
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(exch).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  await test.step('a 10 % bump is sent on Enter, and Continue answers the question for a larger one', async () => {
    const exch = page.getByRole('textbox', { name: 'EXCH', exact: true });
    await retype(page, '300');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Exchange rate updated successfully.');
    await expect(exch).toHaveValue('300');

    await tabTo(page, exch, { backwards: true });
    await retype(page, '390');
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button', { name: 'Continue' })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Exchange rate updated successfully.');
    await expect(exch).toHaveValue('390');
  });

  await test.step("the list shows the stock added, and the user's menu opens and closes by keyboard", async () => {
    await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
    await page.keyboard.type('Keyman');
    await expect(
      page
        .getByRole('row', { name: /Keyman KM-18/ })
        .getByRole('cell')
        .filter({ hasText: /^7$/ }),
    ).toHaveCount(1);
    const userMenu = page.getByRole('button', { name: new RegExp(MANAGER.name) });
    await tabTo(page, userMenu, { backwards: true });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(userMenu).toBeFocused();
  });
});

const SALES = { name: 'Kiran Keys', username: 'kiran.keys', password: 'quotes-all-day-1' };
// Totals rise with the price. A colleague's link sets five rows a page, so seven models make two pages.
const RANGE = Array.from({ length: 7 }, (_, index) => ({ name: `Keysal ${index + 1}`, kw: 2.5, usd: 400 + index }));

test('a sales clerk picks a brand, sorts by Total, goes to page 2 and changes the page size, by keyboard only', async ({
  page,
  adminApi,
}) => {
  await seedCatalogue(adminApi, 'Keysal', RANGE);
  await setVariables(adminApi, VARIABLES);
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });
  await signInByKeyboard(page, SALES.username, SALES.password);

  await tabTo(page, menuItems(page).filter({ hasText: 'Models' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Models List' })).toBeVisible();
  // A link a colleague sent, typed into the address bar: five rows a page (Show Entries offers 30 and up).
  await page.goto('/models?per_page=5');

  await test.step('the brand filter', async () => {
    await tabTo(page, page.getByLabel('Brand', { exact: true }));
    await expectVisibleFocus(page);
    await page.keyboard.type('Keysal');
    await expect(page).toHaveURL(/brandId=\d+/);
    await expect(page.getByText('Showing 1 to 5 of 7 entries')).toBeVisible();
  });

  await test.step('Total sorted ascending, then descending, from its header', async () => {
    const total = page.getByRole('columnheader', { name: 'Total' });
    await tabTo(page, total.getByRole('button', { name: 'Total' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(total).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Enter');
    await expect(total).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=price\.desc/);
    await expect(page.getByRole('row').nth(1)).toContainText('Keysal 7');
  });

  await test.step('the next page, then 30 rows a page', async () => {
    const next = page.getByRole('link', { name: 'Next page' });
    await tabTo(page, next);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Showing 6 to 7 of 7 entries')).toBeVisible();
    // Descending by Total: the two cheapest are on page 2, dearest first.
    await expect(page.getByRole('row').nth(1)).toContainText('Keysal 2');

    await tabTo(page, page.getByLabel('Show Entries'), { backwards: true });
    await expectVisibleFocus(page);
    await page.keyboard.type('30');
    await expect(page).toHaveURL(/per_page=30/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText('Showing 1 to 7 of 7 entries')).toBeVisible();
  });
});
