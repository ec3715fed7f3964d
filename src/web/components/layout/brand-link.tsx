import { Link } from 'wouter';
import { publicConfig } from '@/web/lib/public-config';

/** Logo and product title, linking home. The mark is the favicon's arrow, drawn inline. */
export function BrandLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f172a" stroke="#1e293b" />
        <path d="M16 7l8 10h-5v8h-6v-8H8z" fill="#22d3ee" />
      </svg>
      <span className="text-lg">{publicConfig.productName}</span>
    </Link>
  );
}
