/**
 * A button on the brand-coloured header (the phone's Menu, the user's name). Hover darkens the
 * brand colour: lightening it (as white/10 did) leaves white text below axe's contrast under the
 * pointer. The keyboard's outline turns white, as the brand colour would not show on the header.
 */
export const headerButtonClass = 'whitespace-nowrap rounded text-sm font-medium hover:bg-black/15 focus-visible:outline-white';
