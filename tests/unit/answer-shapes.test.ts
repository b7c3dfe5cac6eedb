import { describe, expect, it } from 'vitest';
import { modelDetailFor, modelFieldsSeen } from '#src/domain/model-fields.ts';
import { modelRowShape } from '#src/domain/model-figures.ts';
import { modelColumnList } from '#src/domain/model-columns.ts';
import { modelFigures, modelTotals } from '#src/domain/model-figures.ts';
import { computePrices } from '#src/domain/prices.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { variablesFor } from '#src/domain/variables-seen.ts';

// docs/design.md §8.9's role rules, written once in src/domain for the server and the mocks.

const admin: SessionUser = { roleId: 1, isAdmin: 1 };
const manager: SessionUser = { roleId: 2, isAdmin: 0 };
const sales: SessionUser = { roleId: 3, isAdmin: 0 };
const VARIABLES = { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' };

describe('answer shapes by role', () => {
  it('gives the USD price to those who work figures out, the Total to the others', () => {
    expect([admin, manager, sales].map((user) => modelFieldsSeen(user).modelPriceUsd)).toEqual([true, true, false]);
    expect([admin, manager, sales].map((user) => modelFieldsSeen(user).modelTotal)).toEqual([false, false, true]);
    expect(modelRowShape(admin, VARIABLES).totalOf).toBeNull();
    expect(modelRowShape(sales, VARIABLES).totalOf?.(50)).toBe(20209);
  });

  it("works a Total out as the list's Total column does, null where the list shows '-'", () => {
    const totalOf = modelTotals(VARIABLES);
    for (const usd of [0, 0.01, 10, 50, 99.99, 170, 99_999_999.99]) expect(totalOf(usd)).toBe(Number(computePrices(usd, VARIABLES).total));
    expect(modelTotals({ ...VARIABLES, exch: 'x' })(50)).toBeNull();
    // A stored rate from before the bounds could pass what a JSON number holds exactly.
    expect(modelTotals({ ...VARIABLES, exch: '999999999999' })(99_999_999.99)).toBeNull();
  });

  it('answers Sales the TR and the rate alone, the others the five', () => {
    const stored = { ...VARIABLES, version: 4 };
    expect(variablesFor(sales, stored)).toEqual({ tr: '3.517', exch: '281.15', version: 4 });
    expect(variablesFor(manager, stored)).toEqual(stored);
    expect(variablesFor(admin, stored)).toEqual(stored);
  });

  it('keeps the status of a model for Admins', () => {
    const detail = {
      id: 1,
      modelName: 'M',
      modelCapacityKW: null,
      modelPriceUsd: 50,
      modelSeriesId: 1,
      modelBrandId: 1,
      modelQuantity: 0,
      modelMinStock: 0,
      seriesName: 'S',
      brandName: 'B',
      version: 1,
      modelIsActive: 1 as const,
    };
    expect(modelDetailFor(admin, detail)).toEqual(detail);
    expect(modelDetailFor(manager, detail)).not.toHaveProperty('modelIsActive');
  });

  it("shows a row's own Total where it carries one, worked out from the price otherwise", () => {
    const total = modelColumnList.find((column) => column.id === 'total')!;
    const row = { id: 1, brandName: 'B', seriesName: 'S', modelName: 'M', modelCapacityKW: null };
    const figures = modelFigures({ tr: '3.517', exch: '281.15' });
    expect(total.cell({ ...row, modelTotal: 1234567 }, figures)).toEqual({ kind: 'whole', value: 1234567 });
    expect(total.cell({ ...row, modelTotal: null }, figures)).toEqual({ kind: 'whole', value: null });
    expect(total.cell({ ...row, modelPriceUsd: 50 }, modelFigures(VARIABLES))).toEqual({ kind: 'whole', value: 20209n });
  });
});
