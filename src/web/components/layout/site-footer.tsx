import { Link } from 'wouter';
import { profileUrl } from '@/shared/x-links';
import { publicConfig } from '@/web/lib/public-config';

const LINK =
  'rounded-sm text-slate-400 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** The footer on every page: legal pages, the agent's X profile, © year and name. */
export function SiteFooter() {
  const { productName, agentHandle, sandboxIndexUrl } = publicConfig;
  return (
    <footer className="border-t border-slate-800 bg-slate-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold text-slate-200">{productName}</p>
          <p className="mt-1 text-slate-400">
            A wallet for every X handle. Post to @{agentHandle} to send $UP and $DAG.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link href="/terms-of-service" className={LINK}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href="/privacy-policy" className={LINK}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <a
                href={profileUrl(publicConfig, agentHandle)}
                target="_blank"
                rel="noopener noreferrer"
                className={LINK}
              >
                @{agentHandle} on X<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            {sandboxIndexUrl && (
              <li>
                <a href={sandboxIndexUrl} className={LINK}>
                  Local sandbox
                </a>
              </li>
            )}
          </ul>
        </nav>
        <p className="text-slate-400">
          © {new Date().getFullYear()} {productName}
        </p>
      </div>
    </footer>
  );
}
