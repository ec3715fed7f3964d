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

// The one renderer for model text: /analyses/:id and /polymarket (features/polymarket) both use it.
// It travels in the markdown library's chunk under a short name (vite.config.ts), so sharing it
// costs the landing's preload map nothing (tests/e2e/budget.spec.ts).
export function UntrustedMarkdown({ children }: { children: string }) {
  return (
    <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components}>
      {children}
    </ReactMarkdown>
  );
}
