import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: () => (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="flex h-14 items-center bg-brand px-4 text-white">
        <img src="/favicon.svg" alt="AC Back-office" className="h-8 w-8" />
      </header>
      <Outlet />
    </div>
  ),
});
