import { describe, expect, it } from 'vitest';
import { authErrorFromSearch, authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it.each([
    [
      'twitter_oauth_failed',
      null,
      'Twitter authorization failed. Please try again or contact support.',
    ],
    ['twitter_oauth_failed', 'access_denied by user', 'access_denied by user'],
    ['invalid_state', 'ignored', 'Invalid request. Please try logging in again.'],
    ['session_expired', null, 'Your session expired. Please try logging in again.'],
    ['no_code', null, 'Authorization failed - no code received from Twitter.'],
    ['auth_failed', null, 'Authentication failed. Please try again.'],
    ['auth_failed', 'Account suspended', 'Account suspended'],
    ['something_else', 'ignored', 'Authentication failed. Please try again.'],
    ['constructor', null, 'Authentication failed. Please try again.'],
  ])('%s with message %s → %s', (error, message, expected) => {
    expect(authErrorMessage(error, message)).toBe(expected);
  });

  it('shows nothing without an error, and ignores a blank message', () => {
    expect(authErrorMessage(null, 'hello')).toBeNull();
    expect(authErrorMessage('', null)).toBeNull();
    expect(authErrorMessage('auth_failed', '   ')).toBe('Authentication failed. Please try again.');
  });
});

describe('authErrorFromSearch', () => {
  it('decodes the query string', () => {
    expect(authErrorFromSearch('?error=auth_failed&message=Rate%20limited%20%26%20retry')).toBe(
      'Rate limited & retry',
    );
    expect(authErrorFromSearch('?tab=1')).toBeNull();
  });
});
