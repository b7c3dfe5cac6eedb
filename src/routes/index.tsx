import { createFileRoute } from '@tanstack/react-router';

// The screens arrive with the app issue; until then the shell proves the build and the serving.
export const Route = createFileRoute('/')({
  component: () => <main className="p-8 text-2xl font-semibold">WELCOME</main>,
});
