import '@fontsource/noto-emoji/400.css';
import './post-text.css';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * Text someone posted (or the agent's reply), with the emoji font as a fallback for its emoji:
 * see post-text.css. Imported only by the pages that show posts, so the landing does not load it.
 */
export function PostText({
  as: Tag = 'span',
  className,
  children,
  ...rest
}: {
  as?: 'span' | 'p';
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Tag className={cn('post-text', className)} {...rest}>
      {children}
    </Tag>
  );
}
