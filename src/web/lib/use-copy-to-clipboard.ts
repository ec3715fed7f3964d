import { useCallback, useEffect, useRef, useState } from 'react';

/** Copy buttons show their check mark for 1.5 s. */
export const COPY_FEEDBACK_MS = 1500;

/**
 * Copies text and reports `copied` for `feedbackMs`. Resolves false when the browser refuses
 * (no permission, insecure context) so the caller can tell the user.
 */
export function useCopyToClipboard(feedbackMs = COPY_FEEDBACK_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (err) {
        console.warn('Copy to clipboard failed', err);
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), feedbackMs);
      return true;
    },
    [feedbackMs],
  );

  return { copied, copy };
}
