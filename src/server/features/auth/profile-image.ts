import { createHash } from 'node:crypto';
import { AppError } from '@domain/app-error';
import {
  profileImageField,
  profileImageOwner,
  profileImagePath,
  sniffProfileImage,
} from '@domain/auth/profile-image';
import { serverMessage } from '@domain/messages';
import type { AppDeps } from '../../deps.js';
import type { Member } from '../../http/session.js';
import {
  deleteProfileImage,
  findOwnProfileImage,
  findVisibleProfileImage,
  updateUser,
  upsertProfileImage,
} from './store.js';

const version = (sha256: string) => sha256.slice(0, 16);

/**
 * Stores the signed-in user's uploaded picture, a PNG, JPEG, WebP or GIF by its first bytes (what it is
 * called or claims to be does not count), and points their profile at it. Only ever their own.
 */
export async function storeProfileImage(deps: AppDeps, member: Member, bytes: Buffer): Promise<void> {
  const contentType = sniffProfileImage(bytes);
  if (!contentType) throw AppError.badRequest(profileImageField, serverMessage('auth.profileImageType'));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await deps.database.withPlatform(async (tx) => {
    await upsertProfileImage(tx, member.userId, { contentType, bytes, sha256 });
    await updateUser(tx, member.userId, {
      profileImageUrl: profileImagePath(member.userId, version(sha256)),
    });
  });
}

export async function removeProfileImage(deps: AppDeps, member: Member): Promise<void> {
  await deps.database.withPlatform(async (tx) => {
    await deleteProfileImage(tx, member.userId);
    await updateUser(tx, member.userId, { profileImageUrl: null });
  });
}

/** A user's picture for whoever may see it (they, and the members of a workspace they share); else 404. */
export async function visibleProfileImage(deps: AppDeps, member: Member, userId: number) {
  const image = await findVisibleProfileImage(deps.database.db, userId, member.userId);
  if (!image) throw new AppError('not_found', serverMessage('auth.profileImageNotFound'));
  return image;
}

/**
 * What a profile change may set `profileImageUrl` to: null for none, or the user's own stored picture
 * (at its current version). Anything else, another user's picture included, is refused naming the field.
 */
export async function checkedProfileImageUrl(
  deps: AppDeps,
  member: Member,
  url: string,
): Promise<string | null> {
  if (url === '') return null;
  const own =
    profileImageOwner(url) === member.userId && (await findOwnProfileImage(deps.database.db, member.userId));
  if (!own) throw AppError.badRequest('profileImageUrl', serverMessage('auth.profileImageNotYours'));
  return profileImagePath(member.userId, version(own.sha256));
}
