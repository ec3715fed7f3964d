import { useEffect } from 'react';

/**
 * The browser tab names the loaded record (the server's head already does, for crawlers): the
 * route's generic title ('Receipt — Upsider') until the record arrives, then the record's own.
 */
export function useRecordTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
