/** A full page reload; one place, so tests can watch it instead of losing their document. */
export const reloadPage = () => window.location.reload();
