import { cn } from '@/web/lib/cn';

/** The profile image, or the uppercase first letter of the username. */
export function avatarInitial(username: string): string {
  return username.trim().charAt(0).toUpperCase() || '?';
}

export function UserAvatar({
  username,
  imageUrl,
  className,
}: {
  username: string;
  imageUrl?: string | null;
  className?: string;
}) {
  const base = cn('inline-flex size-9 shrink-0 overflow-hidden rounded-full', className);
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={36}
        height={36}
        className={cn(base, 'object-cover')}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(base, 'items-center justify-center bg-brand/20 font-semibold text-brand')}
    >
      {avatarInitial(username)}
    </span>
  );
}
