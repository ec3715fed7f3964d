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
): Promise<ActionOutcome> {
  let res: Response;
  try {
    res = await apiRequest('POST', path);
  } catch (err) {
    console.error(`${path} failed`, err);
    return { ok: false, message: 'Network error occurred' };
  }
  if (res.ok) return { ok: true, message: texts.success };
  return { ok: false, message: (await readServerErrorText(res)) ?? texts.failure };
}
