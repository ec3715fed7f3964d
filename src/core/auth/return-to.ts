/** A path that stays on this site: one leading '/', never '//' or '/\' (another host). */
function isLocalPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  return !/[\u0000-\u001f\u007f\\]/.test(value);
}

/**
 * Where to send the browser after sign-in. Only a path on this site is accepted: it must start
 * with exactly one '/', and '//' or '/\' (which browsers read as another host) are refused,
 * as is anything with a scheme or control characters. Everything else means '/'. The check
 * runs again on the normalized path that is returned: "/.//evil.com" normalizes to "//evil.com".
 */
export function safeReturnTo(value: string | undefined | null): string {
  const result = normalizedReturnTo(value);
  return isLocalPath(result) ? result : '/';
}

function normalizedReturnTo(value: string | undefined | null): string {
  if (!value || value.length > 2048) return '/';
  if (!value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Browsers drop tabs and newlines from URLs, which could turn "/\t/evil.com" into "//evil.com".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  // Belt and braces: resolved against a dummy origin it must stay on that origin.
  const resolved = new URL(value, 'http://same.invalid');
  if (resolved.origin !== 'http://same.invalid') return '/';
  return resolved.pathname + resolved.search + resolved.hash;
}
