import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

const VARIANTS = {
  default: 'bg-brand text-slate-950 hover:bg-cyan-300',
  outline: 'border border-slate-600 bg-transparent text-slate-100 hover:bg-slate-800',
  ghost: 'bg-transparent text-slate-200 hover:bg-slate-800',
  destructive: 'bg-red-600 text-white hover:bg-red-500',
} as const;

const SIZES = {
  default: 'h-10 px-4 py-2',
  sm: 'h-8 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-9 w-9',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (e.g. a link) with button styles. */
  asChild?: boolean;
}

export function Button({
  variant = 'default',
  size = 'default',
  asChild,
  className,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
        'disabled:pointer-events-none disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
