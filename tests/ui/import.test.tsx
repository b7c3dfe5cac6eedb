import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { importIntoStore, previewInStore } from '#mocks/handlers/import.ts';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { InputError, validationBody } from '#src/contract/errors.ts';
import { ImportPreviewTable } from '#src/features/import/import-preview.tsx';
import { csvText, IMPORT_HEADER } from '#tests/support/import-files.ts';
import { describeAdminOnlyScreens } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// The Import Models screen (docs/design.md §7.4) against the mocks.

// jsdom's multipart bodies cannot be read back through Node's fetch (vitest#9135, the same limit
// tests/ui/errors.test.tsx meets). So here the two calls answer, by the mocks' own code, for the
// file the test last picked; tests/mocks/import.test.ts and the browser journey
// (tests/e2e/import.spec.ts) send real multipart bodies.
let picked = new Uint8Array();
const answer = (reply: () => unknown) => {
  try {
    return HttpResponse.json(reply() as object);
  } catch (error) {
    if (error instanceof InputError) return HttpResponse.json(validationBody(error.errors), { status: 422 });
    throw error;
  }
};
beforeEach(() => {
  server.use(
    http.post('*/api/models/import-preview', () => answer(() => previewInStore(getStore(), picked))),
    http.post('*/api/models/import', () =>
      answer(() =>
        importIntoStore(
          getStore(),
          getStore().users.find((row) => row.username === 'admin')!,
          picked,
        ),
      ),
    ),
  );
});

const fileOf = (text: string, name = 'models.csv') => {
  picked = new TextEncoder().encode(text);
  return new File([text], name, { type: 'text/csv' });
};
const csvFile = (rows: (string | number)[][]) => fileOf(csvText([IMPORT_HEADER, ...rows]));

describeAdminOnlyScreens('Import Models', [{ url: '/models/import', title: 'Import Models' }]);

/** The first seeded model with its brand and series names. */
function seededModel() {
  const model = getStore().models[0]!;
  const series = getStore().series.find((row) => row.id === model.seriesId)!;
  const brand = getStore().brands.find((row) => row.id === series.brandId)!;
  return { brand: brand.name, series: series.name, model: model.name };
}

describe('Import Models', () => {
  it('is reached by the Import button beside Add Model, for an admin only', async () => {
    const { user } = await renderApp('/models', 'admin');
    await user.click(await screen.findByRole('link', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Import Models' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard>Models>Import Models');

    await renderApp('/models', 'manager');
    await screen.findByRole('heading', { name: 'Models List' });
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('previews the picked file: counts, rows coloured by action, errors under their row; Apply refuses it and changes nothing', async () => {
    const { brand, series, model } = seededModel();
    const before = structuredClone(getStore().models);
    const { user } = await renderApp('/models/import', 'admin');
    await user.upload(
      await screen.findByLabelText('CSV File'),
      csvFile([
        [brand, series, model, '', '999'],
        [brand, series, 'UI Import 1', '2.5', 'abc'],
        [brand, 'No Such Series', 'UI Import 2', '', '1'],
      ]),
    );
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Create: 0', 'Update: 1', 'Unchanged: 0', 'Error: 2']);
    const table = screen.getByRole('table', { name: 'Preview of the import' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `2${brand}${series}${model}UpdateCapacity-KW: ${before[0]!.capacityKw ?? '–'} → –, Price USD: ${before[0]!.priceUsd} → 999`,
      `3${brand}${series}UI Import 1Error`,
      'Price USD: The price must be a number.',
      `4${brand}No Such SeriesUI Import 2Error`,
      'Series: The selected series is invalid.',
    ]);
    expect(rows[0]).toHaveAttribute('data-action', 'update');
    expect(rows[1]).toHaveClass('bg-red-50');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The file has errors on 2 rows.')).toBeInTheDocument();
    expect(getStore().models).toEqual(before);
  });

  it('applies a fixed file and says how many models were created and updated', async () => {
    const { brand, series, model } = seededModel();
    const { user } = await renderApp('/models/import', 'admin');
    const input = await screen.findByLabelText('CSV File');
    await user.upload(input, csvFile([[brand, 'No Such Series', 'UI Import 3', '', '1']]));
    expect(await screen.findByText('Series: The selected series is invalid.')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('CSV File'),
      csvFile([
        [brand, series, model, '', '999'],
        [brand, series, 'UI Import 3', '', '1'],
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Series: The selected series is invalid.')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 models created, 1 updated.');
    expect(getStore().models.find((row) => row.name === 'UI Import 3')).toMatchObject({ priceUsd: 1, quantity: 0 });
    expect(screen.queryByRole('table', { name: 'Preview of the import' })).not.toBeInTheDocument();
  });

  it('shows the file error under the picker', async () => {
    const { user } = await renderApp('/models/import', 'admin');
    await user.upload(await screen.findByLabelText('CSV File'), fileOf('Brand,Model\nx,y\n'));
    expect(await screen.findByText('The file has no Series column.')).toBeInTheDocument();
    expect(screen.getByLabelText('CSV File')).toHaveAccessibleDescription('The file has no Series column.');
  });

  it('keeps a 10,000-row preview to the rows on screen', () => {
    // Rendered alone: a 10,000-row upload is past what jsdom's multipart bodies carry (see above).
    const { brand, series } = seededModel();
    const rows = Array.from({ length: 10_000 }, (_, i) => [brand, series, `Bulk ${i}`, '', '1']);
    const { preview } = previewInStore(getStore(), new TextEncoder().encode(csvText([IMPORT_HEADER, ...rows])));
    render(<ImportPreviewTable preview={preview} />);
    expect(screen.getByText('Create: 10000')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Preview of the import' });
    expect(within(table).getAllByRole('row').length).toBeLessThan(200);
    expect(within(table).getByText('Bulk 0')).toBeInTheDocument();
    expect(within(table).queryByText('Bulk 9999')).not.toBeInTheDocument();
  });
});
