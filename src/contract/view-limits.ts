export const viewScreens = ['models', 'quotes', 'audit'] as const;
export type ViewScreen = (typeof viewScreens)[number];

/** A list URL's query string is far shorter than this; a longer one is no view's. */
export const MAX_VIEW_SEARCH = 2000;
/** No list has more columns than this. */
export const MAX_VIEW_COLUMNS = 50;
