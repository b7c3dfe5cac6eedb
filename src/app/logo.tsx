import { PRODUCT_NAME } from '#src/lib/page-title.ts';
export function Logo() {
  return <img src="/favicon.svg" alt={PRODUCT_NAME} className="h-8 w-8" />;
}
