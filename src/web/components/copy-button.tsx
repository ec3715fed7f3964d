import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { COPY_FEEDBACK_MS, useCopyToClipboard } from '@/web/lib/use-copy-to-clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'asChild'> {
  /** The text put on the clipboard. */
  text: string;
  /** How long the check mark shows, in ms (1.5 s; 6 s for the post-link copy). */
  feedbackMs?: number;
  /** Accessible name before and after copying. */
  label?: string;
  copiedLabel?: string;
  /** Show the label as visible text next to the icon (otherwise icon only). */
  showLabel?: boolean;
}

/** Copies `text` and shows a check mark for `feedbackMs`; a screen reader hears the new name. */
export function CopyButton({
  text,
  feedbackMs = COPY_FEEDBACK_MS,
  label = 'Copy',
  copiedLabel = 'Copied',
  showLabel = false,
  variant = 'outline',
  size,
  className,
  ...props
}: CopyButtonProps) {
  const { copied, copy } = useCopyToClipboard(feedbackMs);
  const Icon = copied ? Check : Copy;
  return (
    <Button
      type="button"
      variant={variant}
      size={size ?? (showLabel ? 'sm' : 'icon')}
      aria-label={showLabel ? undefined : copied ? copiedLabel : label}
      data-copied={copied || undefined}
      onClick={() => void copy(text)}
      className={cn(copied && 'border-emerald-500/60 text-emerald-400', className)}
      {...props}
    >
      <Icon aria-hidden="true" className="size-4" data-icon={copied ? 'check' : 'copy'} />
      {showLabel && <span>{copied ? copiedLabel : label}</span>}
    </Button>
  );
}
