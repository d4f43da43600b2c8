import { describe, expect, it } from 'vitest';
import { profileImageOwner, profileImagePath, sniffProfileImage } from './profile-image.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffProfileImage', () => {
  it('names PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffProfileImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffProfileImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffProfileImage(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffProfileImage(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffProfileImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', () => {
    for (const other of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<!doctype html><script>'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
      bytes([0x89], 'PNG'),
      bytes(),
    ])
      expect(sniffProfileImage(other)).toBeNull();
  });
});

describe('profile image paths', () => {
  it('round-trips the owner, and reads nothing from any other URL', () => {
    expect(profileImageOwner(profileImagePath(42, 'ab12'))).toBe(42);
    for (const url of [
      'https://tracker.example/pixel.png',
      '/api/users/42/profile-image?v=ab12&x=1',
      '//evil.example/api/users/42/profile-image',
      '/api/users/42/other',
    ])
      expect(profileImageOwner(url)).toBeNull();
  });
});
