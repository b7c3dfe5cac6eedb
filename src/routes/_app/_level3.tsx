import { createFileRoute } from '@tanstack/react-router';
import { levelGuard } from '#src/app/guard.tsx';

/** Screens for admins and roles up to 3 (docs/product.md §2 route table). */
export const Route = createFileRoute('/_app/_level3')(levelGuard({ kind: 'level', level: 3 }));
