import type { Page } from '@playwright/test';
import { formatBusinessDay } from '#src/domain/business-time.ts';
import { expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';
import { tabTo } from './support/keyboard.ts';

// A salesperson's quote from the price table to the customer (docs/design.md §8.1): built from a
// brand's rows in the tray, sent, and then the manager bumps EXCH: the sent quote keeps every
// figure it was sent with, while its new revision, a draft, follows the new rate.

const SALES = { name: 'Qasim Sales', username: 'qasim.sales', password: 'quotes-all-day-1' };
const MANAGER = { name: 'Quratulain Manager', username: 'qurat.manager', password: 'bumps-the-rate-1' };
// At TR 3.517, EXCH 281.15 and the rest as below, 50 USD totals 20,209 and 1,234.56 USD 4,98,952
// (the manager's journey works them out); at EXCH 300, 21,563 and 5,32,404.
const MODELS = [
  { name: 'QT-09 Split', kw: 2.6, usd: 50 },
  { name: 'QT-24 Split', kw: 7, usd: 1234.56 },
  { name: 'QT Bracket', usd: 10 },
];
const VARIABLES = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };
const line = (model: string) => `Quoting Brand Quoting Series ${model}`;

/** The quote page's Total, as the page writes it. */
const total = (page: Page) => page.getByText(/^Total: Rs /);

test('a salesperson quotes a brand from the tray and sends it; after the manager bumps EXCH the sent quote keeps its figures and its new draft follows', async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  await seedCatalogue(adminApi, 'Quoting', MODELS);
  await setVariables(adminApi, VARIABLES);
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });
  await adminApi.call('users/add-user', { ...MANAGER, roleId: 2 });
  const { businessTimeZone } = (await adminApi.call<{ settings: { businessTimeZone: string } }>('settings')).settings;
  const today = formatBusinessDay(new Date(), businessTimeZone);

  await signIn(page, SALES.username, SALES.password);
  await page.goto('/models');

  await test.step("filters by the brand, ticks two rows and sees '2 selected'", async () => {
    await page.getByLabel('Brand', { exact: true }).selectOption({ label: 'Quoting Brand' });
    await expect(page).toHaveURL(/brandId=\d+/);
    await page.getByRole('checkbox', { name: `Select ${line('QT-09 Split')}` }).check();
    await page.getByRole('checkbox', { name: `Select ${line('QT-24 Split')}` }).check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toContainText('2 selected');
    await expectAccessible(page);
    await bar.getByRole('button', { name: 'Add to quote' }).click();
  });

  const tray = page.getByRole('dialog', { name: 'Quote tray' });
  await test.step('sets a quantity and a discount in the tray, by keyboard, and sees the total at today’s rate', async () => {
    await expect(tray.getByRole('list', { name: 'Lines' }).getByRole('listitem')).toHaveCount(2);
    await expect(tray.getByRole('button', { name: 'Close' })).toBeFocused();
    await tabTo(page, tray.getByLabel(`Quantity of ${line('QT-09 Split')}`));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect(tray.getByLabel(`Discount per unit of ${line('QT-09 Split')}`)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('209');
    // (20,209 − 209) × 2 + 4,98,952.
    await expect(tray.getByText('Total: Rs 5,38,952')).toBeVisible();
    await tabTo(page, tray.getByRole('button', { name: 'Create quote' }));
    await expectAccessible(page);
    await page.keyboard.press('Enter');
  });

  await test.step('names the customer and creates the quote', async () => {
    await tray.getByLabel('Customer name').fill('Hamid Traders');
    await tray.getByLabel('Phone').fill('0300-1234567');
    await expectAccessible(page);
    await tray.getByRole('button', { name: 'Create quote' }).click();
    await expect(page).toHaveURL(/\/quotes\/\d+$/);
    await expect(page.getByRole('heading', { name: /^Q-\d{4}-\d{4}-R1$/ })).toBeVisible();
    await expect(page.getByText("Priced at today's rate: 1 USD = Rs 281.15")).toBeVisible();
    await expect(total(page)).toHaveText('Total: Rs 5,38,952');
  });

  const label = (await page.getByRole('heading', { name: /^Q-\d{4}-\d{4}-R1$/ }).textContent())!.trim();
  const quoteUrl = page.url();
  await test.step('sends it from the quote page, reached by Tab', async () => {
    await expectAccessible(page);
    await tabTo(page, page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Send' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Quote sent successfully.');
    await expect(page.getByText(`Prices fixed at 1 USD = Rs 281.15 when sent on ${today}`)).toBeVisible();
    for (const action of ['PDF', 'Share', 'Copy link', 'Revise', 'Won', 'Lost', 'Cancel'])
      await tabTo(page, page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: action, exact: true }));
    await expectAccessible(page);
  });

  await test.step('the manager bumps EXCH to 300 from the models list', async () => {
    const managerContext = await browser.newContext({ baseURL });
    const manager = await managerContext.newPage();
    await signIn(manager, MANAGER.username, MANAGER.password);
    await manager.goto('/models');
    await manager.getByRole('textbox', { name: 'EXCH', exact: true }).fill('300');
    await manager.getByRole('button', { name: 'Update' }).click();
    await expect(manager.getByRole('alert')).toContainText('Exchange rate updated successfully.');
    await managerContext.close();
  });

  await test.step('the sent quote keeps its rate and figures', async () => {
    await page.goto(quoteUrl);
    await expect(page.getByText(`Prices fixed at 1 USD = Rs 281.15 when sent on ${today}`)).toBeVisible();
    await expect(total(page)).toHaveText('Total: Rs 5,38,952');
    await expect(page.getByText('2 × Rs 20,209 less Rs 209 = Rs 40,000')).toBeVisible();
  });

  await test.step('its revision, a new draft, follows the new rate', async () => {
    await page.getByRole('button', { name: 'Revise', exact: true }).click();
    await expect(page.getByRole('dialog', { name: `Revise ${label}?` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Revise' }).click();
    await expect(page.getByRole('heading', { name: label.replace(/R1$/, 'R2') })).toBeVisible();
    await expect(page.getByText("Priced at today's rate: 1 USD = Rs 300")).toBeVisible();
    // (21,563 − 209) × 2 + 5,32,404.
    await expect(total(page)).toHaveText('Total: Rs 5,75,112');
    await expect(page.getByRole('navigation', { name: 'Revisions' })).toContainText('Sent');
  });

  await test.step('both revisions are on the Quotes list, found by the customer', async () => {
    await page.goto('/quotes');
    await page.getByLabel('Search').fill('Hamid Traders');
    await expect(page).toHaveURL(/search=Hamid/);
    await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: label.replace(/R1$/, 'R2'), exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
