import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '#src/app/dashboard.tsx';

// The first screen after sign-in loads with the app, not as one more file before it.
export const Route = createFileRoute('/_app/dashboard')({ component: Dashboard, codeSplitGroupings: [] });
