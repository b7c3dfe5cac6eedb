import { createContext } from 'react';
import { modelFigures, type ModelFigures } from '#src/domain/model-figures.ts';

/**
 * What the computed cells read (src/domain/model-figures.ts). The columns stay the same when the
 * variables change, so the table keeps its row model; only the cells that read this follow a new rate.
 */
export const PricingContext = createContext<ModelFigures>(modelFigures(undefined));
