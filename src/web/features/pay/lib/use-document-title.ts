import { useEffect } from 'react';

/** Sets the tab's title while the page shows (the pay entry has no head manager). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
