import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '#src/app/not-found.tsx';

/**
 * Every URL no screen claims lands here, inside `_app`: signed out it is one more page behind the
 * login (docs/product.md §2, by `_app`'s guard); signed in it keeps the header and menu.
 */
export const Route = createFileRoute('/_app/$')({
  component: NotFound,
});
