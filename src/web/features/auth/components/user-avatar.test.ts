import { describe, expect, it } from 'vitest';
import { avatarInitial } from './user-avatar';

describe('avatarInitial', () => {
  it('is the uppercase first letter of the username', () => {
    expect(avatarInitial('alice')).toBe('A');
    expect(avatarInitial('Zed_99')).toBe('Z');
    expect(avatarInitial('9lives')).toBe('9');
  });

  it('never renders an empty avatar', () => {
    expect(avatarInitial('')).toBe('?');
  });
});
