import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFound } from '#src/app/not-found.tsx';
import { UpdatePrompt } from '#src/app/update-prompt.tsx';

type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <Outlet />
      <UpdatePrompt />
    </div>
  ),
  // Unknown URLs are caught by `_app`'s splat route inside the frame; this is only the last resort.
  notFoundComponent: NotFound,
});
