import { createFileRoute, redirect } from '@tanstack/react-router';
import { Logo } from '#src/app/logo.tsx';
import { LoginFormCard } from '#src/features/auth/login-form.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { getToken } from '#src/lib/session.ts';

export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: '/' });
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
