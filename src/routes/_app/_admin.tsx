import { createFileRoute } from '@tanstack/react-router';
import { levelGuard } from '#src/app/guard.tsx';

/** Screens for administrators only (docs/product.md §2 route table). */
export const Route = createFileRoute('/_app/_admin')(levelGuard({ kind: 'admin' }));
