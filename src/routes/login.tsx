import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { Logo } from '#src/app/logo.tsx';
import { LoginFormCard } from '#src/features/auth/login-form.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { returnPath } from '#src/lib/return-path.ts';
import { getToken } from '#src/lib/session.ts';

export const Route = createFileRoute('/login')({
  // Where a signed-out visit was going; checked where it is followed, so any text is kept here.
  validateSearch: z.object({ redirect: z.catch(z.optional(z.string()), undefined) }),
  // Signed in (the sign-in reloads this page): back to the address asked for if it is one of
  // this site's, else to the dashboard.
  beforeLoad: ({ search }) => {
    if (!getToken()) return;
    const to = returnPath(search.redirect);
    throw to === undefined ? redirect({ to: '/' }) : redirect({ href: to });
  },
  component: LoginScreen,
});

function LoginScreen() {
  usePageTitle('Sign in');
  return (
    <>
      <header className="flex h-14 items-center bg-brand px-4 text-white">
        <Logo />
      </header>
      <main className="flex justify-center px-4 py-16">
        <LoginFormCard />
      </main>
    </>
  );
}
