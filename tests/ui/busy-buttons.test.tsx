import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { renderApp } from './render-app.tsx';

// Every button that sends something says it is busy the same way (src/components/busy-button.tsx);
// tests/ui/errors.test.tsx holds the forms' Submit to it.

describe('one busy state for every button that sends', () => {
  it('Export is disabled and aria-busy while the file is on its way, as Submit is', async () => {
    server.use(
      http.post('*/api/models/export', async () => {
        await delay(300);
        return new HttpResponse('Brand\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="m.csv"' },
        });
      }),
    );
    const { user } = await renderApp('/models', 'sales');
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    await user.click(exportButton);
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(exportButton).toBeEnabled());
    expect(exportButton).toHaveAttribute('aria-busy', 'false');
  });
});
