import { mayAccess } from './access.ts';
import type { SessionUser } from './roles.ts';

/**
 * docs/design.md §8.8: Sales are never offered what cannot be sold, that is a model that is
 * inactive or whose series or brand is inactive; level 2 (Managers, Admins) see them as before.
 * The models list, its export and its filter options (brands, series, sizes) all follow this.
 */
const unsellableAccess = { kind: 'level', level: 2 } as const;

export const seesUnsellable = (user: SessionUser | null) => mayAccess(user, unsellableAccess);

type Flagged = { isActive: number };

/** Whether a model can be sold: it, its series and its brand all active. */
export const isSellable = (model: Flagged, series: Flagged, brand: Flagged) =>
  model.isActive === 1 && series.isActive === 1 && brand.isActive === 1;
