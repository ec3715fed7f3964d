// Ours, not clsx + tailwind-merge: those add 8.5 KB gzip (esbuild, minified) to the
// landing, which has ~1 KB left of its 90 KB JS budget (tests/e2e/budget.spec.ts).
/** Joins class names, skipping falsy ones. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
