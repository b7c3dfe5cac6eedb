import { useEffect, type RefObject } from 'react';

/** While `open`, a press anywhere outside `box` closes it: the header's menu, the lists' Views and Columns. */
export function useCloseOutside(open: boolean, box: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open, box, close]);
}
