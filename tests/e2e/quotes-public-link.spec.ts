import { expect, expectAccessible, signIn, test } from './support/fixtures.ts';
import { seedCatalogue, setVariables } from './support/catalogue.ts';
import { expectNoSidewaysScroll, sendQuote } from './support/quotes.ts';

// The customer's side of a sent quote (docs/design.md §8.1): the link opens on a phone with no
// sign-in, a page the server writes whole with no script, kept out of search engines and caches;
// and the salesperson's own quote screens fit that phone too.

const SALES = { name: 'Sadia Sales', username: 'sadia.sales', password: 'shares-links-1' };
const PHONE = { width: 390, height: 844 };

test('the public link of a sent quote opens signed out: the quote, its PDF, its headers and no script', async ({
  browser,
  baseURL,
  adminApi,
  apiAs,
}) => {
  const { modelIds } = await seedCatalogue(adminApi, 'Sharing', [
    { name: 'SH-12 Split', kw: 3.5, usd: 50 },
    { name: 'SH-18 Split', kw: 5.2, usd: 1234.56 },
  ]);
  await setVariables(adminApi, { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  await adminApi.call('users/add-user', { ...SALES, roleId: 3 });
  const sales = await apiAs(SALES.username, SALES.password);
  const { label, shareUrl } = await sendQuote(sales, 'Bilal & Sons', [
    { modelId: modelIds['SH-12 Split']!, qty: 2 },
    { modelId: modelIds['SH-18 Split']!, qty: 1 },
  ]);
  // PUBLIC_URL is the test server's default; the link's path is what the customer opens.
  const path = new URL(shareUrl).pathname;
  expect(path).toMatch(/^\/q\/[\w-]{22,}$/);

  // A new browser context: no cookie, no storage, nobody signed in; a phone's screen.
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const response = (await page.goto(path))!;

  await test.step('answers with the headers of a private page', async () => {
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['x-robots-tag']).toBe('noindex');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['content-security-policy']).toContain("default-src 'none'");
  });

  await test.step('shows the label, the customer, the lines and Download PDF, with no script', async () => {
    await expect(page.getByRole('heading', { name: `Quotation ${label}` })).toBeVisible();
    await expect(page.getByText('Customer: Bilal & Sons')).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: 'Sharing Series' });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'SH-12 Split' })).toContainText('20,209');
    await expect(rows.filter({ hasText: 'SH-18 Split' })).toContainText('4,98,952');
    await expect(page.getByText('Rs 5,39,370')).toBeVisible();
    await expect(page.locator('script')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  await test.step('its PDF downloads signed out', async () => {
    const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    expect(href).toBe(`${path}/pdf`);
    const pdf = await context.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
  await context.close();
});

test('at phone width the tray, the Quotes list and a quote page show no sideways scroll', async ({ page, adminApi, apiAs }) => {
  const { modelIds } = await seedCatalogue(adminApi, 'Narrow', [
    { name: 'NR-12 Split With A Rather Long Model Name', kw: 3.5, usd: 50 },
    { name: 'NR-18 Split', kw: 5.2, usd: 60 },
  ]);
  await adminApi.call('users/add-user', { name: 'Nida Sales', username: 'nida.sales', password: 'narrow-screens-1', roleId: 3 });
  const sales = await apiAs('nida.sales', 'narrow-screens-1');
  const { id } = await sendQuote(sales, 'Phone-width Customer Private Limited', [{ modelId: modelIds['NR-18 Split']!, qty: 4 }]);

  await page.setViewportSize(PHONE);
  await signIn(page, 'nida.sales', 'narrow-screens-1');

  await test.step('the tray', async () => {
    await page.goto('/models?search=Narrow');
    // At phone width the list is cards, each with its own checkbox.
    for (const model of ['NR-12 Split With A Rather Long Model Name', 'NR-18 Split'])
      await page.getByRole('checkbox', { name: `Select Narrow Brand Narrow Series ${model}` }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Add to quote' }).click();
    const tray = page.getByRole('dialog', { name: 'Quote tray' });
    await expect(tray.getByRole('list', { name: 'Lines' }).getByRole('listitem')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await tray.getByRole('button', { name: 'Create quote' }).click();
    await expect(tray.getByLabel('Customer name')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  await test.step('the Quotes list', async () => {
    await page.goto('/quotes');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  await test.step('the quote page', async () => {
    await page.goto(`/quotes/${id}`);
    await expect(page.getByRole('group', { name: 'Actions' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
