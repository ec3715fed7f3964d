import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * Text from a model is untrusted: never raw HTML, always sanitized. An image would load from
 * wherever the text points (a visitor's address told to a stranger's server), so only its
 * description is shown; links open in a new tab and pass no referrer.
 */
const components: Components = {
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

// Kept beside its page rather than shared (its twin: web/features/analyses/components/untrusted-markdown.tsx): a module two lazy pages share
// becomes a chunk of its own, whose name every page, the landing included, carries in its
// preload map — over the landing's 90 KB budget by that much (tests/e2e/budget.spec.ts).
export function UntrustedMarkdown({ children }: { children: string }) {
  return (
    <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components}>
      {children}
    </ReactMarkdown>
  );
}
