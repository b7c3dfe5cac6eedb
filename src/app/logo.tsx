import { PRODUCT_NAME } from '#src/lib/page-title.ts';

/**
 * The product's mark, a snowflake: on the brand-coloured header its square does not show, so
 * nothing of it reads as a button (the three bars it once was looked like a second Menu).
 */
export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return <img src="/favicon.svg" alt={PRODUCT_NAME} className={className} />;
}
