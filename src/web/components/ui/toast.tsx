import { X } from 'lucide-react';
import { Toast as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';
import type { ToastVariant } from './toast-store';

/** shadcn-style wrappers over Radix Toast; the product's toast timing and gestures are set here. */
export function ToastProvider(props: ComponentProps<typeof Primitive.Provider>) {
  return (
    <Primitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} {...props} />
  );
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof Primitive.Viewport>) {
  return (
    <Primitive.Viewport
      hotkey={['F8']}
      className={cn(
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none',
        'sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const VARIANTS: Record<ToastVariant, string> = {
  default: 'border-slate-700 bg-slate-900 text-slate-100',
  destructive: 'border-red-700 bg-red-950 text-red-50',
};

export function Toast({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof Primitive.Root> & { variant?: ToastVariant }) {
  return (
    <Primitive.Root
      data-variant={variant}
      className={cn(
        'group pointer-events-auto relative flex w-full items-center justify-between gap-4',
        'overflow-hidden rounded-lg border p-4 pr-8 shadow-lg shadow-black/40 toast-motion',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof Primitive.Action>) {
  return (
    <Primitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center rounded-md border border-current/30 px-3 text-sm',
        'font-medium hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-brand',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof Primitive.Close>) {
  return (
    <Primitive.Close
      aria-label="Close notification"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100',
        'focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </Primitive.Close>
  );
}
