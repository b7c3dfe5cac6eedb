import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Navigate, Outlet } from '@tanstack/react-router';
import { getToken } from '#src/lib/session.ts';

type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <Outlet />
    </div>
  ),
  notFoundComponent: NotFound,
});

/** An unknown URL: signed out it is one more page behind the login (docs/product.md §2); signed in, a way back. */
function NotFound() {
  if (!getToken()) return <Navigate to="/login" replace />;
  return (
    <main className="flex flex-col items-center gap-4 px-4 py-16">
      <p className="text-lg">Page not found.</p>
      <Link to="/" className="text-brand hover:underline">
        Back to Dashboard
      </Link>
    </main>
  );
}
