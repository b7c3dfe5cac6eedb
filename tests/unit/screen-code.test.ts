import { lazyRouteComponent } from '@tanstack/react-router';
import { expect, it } from 'vitest';
import { loadScreenCode } from '#src/lib/screen-code.ts';

// A list's beforeLoad starts its screen's chunk before it reads the user's views (src/lib/screen-code.ts).

it("starts fetching a split screen's code at once, once only, and leaves a screen that is not split alone", async () => {
  let fetched = 0;
  let arrive: (module: { component: () => null }) => void = () => {};
  const component = lazyRouteComponent(() => {
    fetched += 1;
    return new Promise<{ component: () => null }>((resolve) => (arrive = resolve));
  }, 'component');
  loadScreenCode({ options: { component } });
  expect(fetched).toBe(1);
  loadScreenCode({ options: { component } });
  expect(fetched).toBe(1);
  arrive({ component: () => null });
  await Promise.resolve();
  expect(() => loadScreenCode({ options: { component: () => null } })).not.toThrow();
  expect(() => loadScreenCode({ options: {} })).not.toThrow();
});
