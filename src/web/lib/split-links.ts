const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** Splits text into plain parts and URLs; a URL's trailing sentence punctuation stays text. */
export function splitLinks(text: string): { text: string; url: boolean }[] {
  const parts: { text: string; url: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const url = m[0].replace(/[.,;:!?)]+$/, '');
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), url: false });
    parts.push({ text: url, url: true });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), url: false });
  return parts;
}
