import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { UpdatePrompt } from '#src/app/update-prompt.tsx';

type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <Outlet />
      <UpdatePrompt />
    </div>
  ),
  // Unknown URLs are caught by `_app`'s splat route inside the frame; this is only the last resort,
  // so it loads when needed, as that route's screen does, not with the first screen.
  notFoundComponent: lazyRouteComponent(() => import('#src/app/not-found.tsx'), 'NotFound'),
});
