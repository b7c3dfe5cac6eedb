import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '#src/app/dashboard.tsx';

export const Route = createFileRoute('/_app/')({ component: Dashboard });
