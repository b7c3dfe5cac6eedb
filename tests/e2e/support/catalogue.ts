import { idByName, pictures, type Api } from './fixtures.ts';

export type SeedModel = { name: string; kw?: number; usd: number; minStock?: number };

/**
 * A brand `${prefix} Brand` with a series `${prefix} Series` and its models, made through the
 * API: for journeys whose subject is not building the catalogue (the admin's journey builds its
 * own through the screens).
 */
export async function seedCatalogue(api: Api, prefix: string, models: SeedModel[] = [{ name: `${prefix} Model`, kw: 3.5, usd: 50 }]) {
  const brandName = `${prefix} Brand`;
  const seriesName = `${prefix} Series`;
  await api.upload('brands/add-brand', { brandName }, 'brandImage', pictures.logo);
  const brandId = await idByName(api, 'brands/get-all-brands', brandName);
  await api.upload('series/add-series', { seriesName, seriesBrandId: brandId }, 'seriesImage', pictures.series);
  const seriesId = await idByName(api, 'series/get-all-series', seriesName);
  for (const model of models) {
    await api.call('models/add-model', {
      modelName: model.name,
      modelCapacityKW: model.kw ?? '',
      modelPriceUsd: model.usd,
      modelMinStock: model.minStock ?? '',
      modelSeriesId: seriesId,
    });
  }
  const options = await api.call<{ models: { id: number; modelName: string }[] }>('models/get-all-models');
  const modelIds = Object.fromEntries(options.models.map((model) => [model.modelName, model.id]));
  return { brandName, seriesName, brandId, seriesId, modelIds };
}

/** The five pricing variables, set through the API so a journey knows the figures to expect. */
export const setVariables = (api: Api, variables: { tr: string; exch: string; fare: string; duties: string; profit: string }) =>
  api.call('variables/update-variables', variables);
