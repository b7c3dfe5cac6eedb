/**
 * A full page load, of this page or of `to`; one place, so tests can watch it instead of losing
 * their document.
 */
export const reloadPage = (to?: string) => (to === undefined ? window.location.reload() : window.location.assign(to));
