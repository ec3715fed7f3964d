import { splitLinks } from '@/web/lib/split-links';

/**
 * How X shows a link in a post: host and path without the scheme, cut at 30 characters with
 * "…", the whole URL still the link's target. A receipt's explorer link no longer takes five
 * lines of a phone's width.
 */
export function shortLinkText(url: string): string {
  const bare = url.replace(/^https?:\/\/(www\.)?/, '');
  return bare.length > 30 ? `${bare.slice(0, 29)}…` : bare;
}

/** Text with every http(s) URL in it as a link (receipts, explorer pages, the guide). */
export function LinkedText({ text, short = false }: { text: string; short?: boolean }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.url ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
            key={i}
            href={part.text}
            title={short ? part.text : undefined}
            className="text-brand underline hover:text-slate-50"
            rel="noopener noreferrer"
          >
            {short ? shortLinkText(part.text) : part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
