import { useEffect } from 'react';

/** The product's name, as index.html's <title> and the header show it. */
export const PRODUCT_NAME = 'AC Back-office';

/** Names the browser tab after the screen on show, e.g. 'Models List · AC Back-office'. */
export function usePageTitle(screen: string) {
  useEffect(() => {
    document.title = `${screen} · ${PRODUCT_NAME}`;
  }, [screen]);
}
