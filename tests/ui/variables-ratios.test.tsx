import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';
import { recordBodies } from './helpers.ts';

// docs/design.md §8.8: each variable says what it is and its unit, and a ratio above 1 (FARE 5,
// meant as 5 %) is asked about before it is saved.

async function openVariables() {
  const view = await renderApp('/variables', 'admin');
  await screen.findByLabelText('TR');
  const retype = async (label: string, value: string) => {
    const field = screen.getByLabelText(label);
    await view.user.clear(field);
    await view.user.type(field, value);
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit' }));
  return { ...view, retype, submit };
}

describe('the Variables screen', () => {
  it.each([
    ['TR', 'TR: kW per ton'],
    ['EXCH', 'EXCH: rupees per US dollar'],
    ['FARE', 'FARE: a ratio, 0.06 = 6 %'],
    ['DUTIES', 'DUTIES: a ratio, 0.06 = 6 %'],
    ['PROFIT', 'PROFIT: a ratio, 0.06 = 6 %'],
  ])('describes %s by what it is and its unit', async (label, description) => {
    await openVariables();
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(description);
    expect(screen.getByText(description)).toBeVisible();
  });

  it('lets a field message speak for the field while it shows, the description still in sight', async () => {
    const { retype, submit } = await openVariables();
    await retype('TR', 'abc');
    await submit();
    expect(await screen.findByText('The tr must be a number greater than 0.')).toBeInTheDocument();
    expect(screen.getByLabelText('TR')).toHaveAccessibleDescription('The tr must be a number greater than 0.');
    expect(screen.getByText('TR: kW per ton')).toBeVisible();
  });

  it('asks before saving FARE 5, and Cancel saves nothing', async () => {
    const bodies = recordBodies('variables/update-variables');
    const { user, retype, submit } = await openVariables();
    await retype('FARE', '5');
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'FARE 5 adds 500 % to every price. Continue?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(getStore().variables.fare).toBe('0.05');
    expect(screen.getByLabelText('FARE')).toHaveValue('5');
  });

  it('saves once Continue is chosen', async () => {
    const bodies = recordBodies('variables/update-variables');
    const { user, retype, submit } = await openVariables();
    await retype('PROFIT', '1.234');
    await submit();
    const dialog = await screen.findByRole('alertdialog', { name: 'PROFIT 1.234 adds 123.4 % to every price. Continue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Variables updated successfully.');
    expect(bodies).toEqual([{ tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '1.234', version: 1 }]);
  });

  it('names the first ratio above 1 in the form order, its value as typed, to two decimals at most', async () => {
    const { retype, submit } = await openVariables();
    await retype('PROFIT', '3');
    await retype('DUTIES', '2.00005');
    await submit();
    expect(await screen.findByRole('alertdialog', { name: 'DUTIES 2.00005 adds 200.01 % to every price. Continue?' })).toBeInTheDocument();
  });

  it('does not ask about a ratio of 1 or less', async () => {
    const bodies = recordBodies('variables/update-variables');
    const { retype, submit } = await openVariables();
    await retype('FARE', '1');
    await retype('DUTIES', '0.06');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Variables updated successfully.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });

  it('asks about a large EXCH change after the ratio; Cancel there saves nothing either', async () => {
    const bodies = recordBodies('variables/update-variables');
    const { user, retype, submit } = await openVariables();
    await retype('FARE', '5');
    await retype('EXCH', '600');
    await submit();
    await user.click(
      within(await screen.findByRole('alertdialog', { name: /^FARE 5 adds 500 %/ })).getByRole('button', { name: 'Continue' }),
    );
    const exch = await screen.findByRole('alertdialog', { name: /^Change the exchange rate from 281.15 to 600\?/ });
    expect(within(exch).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(exch).getByRole('button', { name: 'Cancel' }));
    expect(bodies).toEqual([]);
  });
});
