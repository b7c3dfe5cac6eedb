// Since your last visit (docs/design.md §8.2).

/** The screens whose visits are kept. */
export const changeScreens = ['models'] as const;
export type ChangeScreen = (typeof changeScreens)[number];

/** At most this many changed models are answered, the largest changes first. */
export const MAX_CHANGED_MODELS = 1000;
