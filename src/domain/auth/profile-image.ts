/**
 * Profile images (issue 30 §4): uploaded here and served from this origin, never an address elsewhere.
 * What a file is comes from its first bytes, not from its name or the type its sender claims.
 */
export const profileImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ProfileImageType = (typeof profileImageTypes)[number];

/** The largest image taken (2 MB): a profile picture, not a photo archive. */
export const profileImageMaxBytes = 2 * 1024 * 1024;

/** The multipart field the image comes in. */
export const profileImageField = 'image';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type its magic bytes say, or null for anything else (an SVG, an HTML page, a renamed file). */
export function sniffProfileImage(bytes: Uint8Array): ProfileImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Where a user's stored image is served; `version` (its hash) makes a new picture a new URL. */
export function profileImagePath(userId: number, version: string): string {
  return `/api/users/${userId}/profile-image?v=${version}`;
}

const ownPath = /^\/api\/users\/(\d+)\/profile-image(?:\?v=[0-9a-f]{1,64})?$/;

/** The user id a stored image's path names, or null for any other URL. */
export function profileImageOwner(url: string): number | null {
  const match = ownPath.exec(url);
  return match ? Number(match[1]) : null;
}
