import { apiRequest, readServerErrorText } from '@/web/lib/api-client';

/** What the page's banner shows after Authorize or Revoke. */
export interface ActionOutcome {
  ok: boolean;
  message: string;
}

/**
 * POSTs an authorize/revoke call (no body). Success shows the fixed success text;
 * a refusal shows the server's error text, else `failure`; no answer at all is a network error.
 */
export async function runExternalAction(
  path: string,
  texts: { success: string; failure: string },
  /** Refusals (by error code) that send the browser on to a page instead of a banner. */
  onward: { code: string; to: string; message: string; go: (url: string) => void } | null = null,
): Promise<ActionOutcome> {
  let res: Response;
  try {
    res = await apiRequest('POST', path);
  } catch (err) {
    console.error(`${path} failed`, err);
    return { ok: false, message: 'Network error occurred' };
  }
  if (res.ok) return { ok: true, message: texts.success };
  if (onward) {
    const code = await res
      .clone()
      .json()
      .then((b: { error?: { code?: unknown } }) => b?.error?.code)
      .catch(() => null);
    if (code === onward.code) {
      onward.go(onward.to);
      return { ok: true, message: onward.message };
    }
  }
  return { ok: false, message: (await readServerErrorText(res)) ?? texts.failure };
}
