import { createHash } from 'node:crypto';
import { USERNAME_PATTERN } from '../ids.ts';

const COLORS = ['#1d9bf0', '#7856ff', '#f91880', '#00ba7c', '#ff7a00', '#ffd400', '#536471'];

/**
 * A default profile picture: the handle's first letter on a colour picked from the handle.
 * Only handle characters reach the SVG, so nothing in it needs escaping.
 */
export function avatarSvg(username: string): string | null {
  if (!USERNAME_PATTERN.test(username)) return null;
  const hash = createHash('sha256').update(username.toLowerCase()).digest();
  const color = COLORS[hash[0]! % COLORS.length];
  const letter = username[0]!.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><rect width="40" height="40" fill="${color}"/><text x="20" y="26" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}
