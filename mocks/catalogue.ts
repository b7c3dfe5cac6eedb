import type { ModelDetail, ModelRow } from '#src/contract/models.ts';
import type { CatalogueRow, MockStore } from './store-shape.ts';
import { versionOf } from './versions.ts';

/** A model with its series and brand (an inner join: rows without them are left out, as in SQL). */

export function catalogue(store: MockStore): CatalogueRow[] {
  return store.models.flatMap((model) => {
    const series = store.series.find((row) => row.id === model.seriesId);
    const brand = series && store.brands.find((row) => row.id === series.brandId);
    return series && brand ? [{ model, series, brand }] : [];
  });
}

export const toModelRow = ({ model, series, brand }: CatalogueRow): ModelRow => ({
  id: model.id,
  brandName: brand.name,
  seriesName: series.name,
  modelName: model.name,
  modelCapacityKW: model.capacityKw,
  modelPriceUsd: model.priceUsd,
  modelQuantity: model.quantity,
  modelMinStock: model.minStock ?? 0,
  modelIsActive: model.isActive,
});

export const toModelDetail = ({ model, series, brand }: CatalogueRow): ModelDetail => ({
  id: model.id,
  modelName: model.name,
  modelCapacityKW: model.capacityKw,
  modelPriceUsd: model.priceUsd,
  modelSeriesId: model.seriesId,
  modelBrandId: series.brandId,
  modelIsActive: model.isActive,
  modelQuantity: model.quantity,
  modelMinStock: model.minStock ?? 0,
  seriesName: series.name,
  brandName: brand.name,
  version: versionOf(model),
});
