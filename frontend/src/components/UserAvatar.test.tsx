import { describe, expect, it } from 'vitest';
import { initialOf } from './UserAvatar';

describe('initialOf', () => {
  it('uses the first name, else the email, else U', () => {
    expect(initialOf({ firstName: 'asha', email: 'z@x.in', profileImageUrl: null })).toBe('A');
    expect(initialOf({ firstName: ' ', email: 'zoya@x.in', profileImageUrl: null })).toBe('Z');
    expect(initialOf({ firstName: null, email: null, profileImageUrl: null })).toBe('U');
  });
});
