import { splitLinks } from '@/web/lib/split-links';

/** Text with every http(s) URL in it as a link (receipts, explorer pages, the guide). */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.url ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
            key={i}
            href={part.text}
            className="text-brand underline hover:text-slate-50"
            rel="noopener noreferrer"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
