import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const version = 'v1';

/** A 256-bit key for one purpose, derived from the app's SECRET_KEY (HKDF-SHA256), so keys never repeat across uses. */
function deriveKey(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'business-hub', purpose, 32));
}

/**
 * Seals a secret with AES-256-GCM. `context` (e.g. the mailbox address) is authenticated but not stored
 * in the ciphertext, so a sealed value copied onto another row does not open.
 */
export function seal(secretKey: string, purpose: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secretKey, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    version,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function open(secretKey: string, purpose: string, sealed: string, context: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== version || !iv || !tag || body === undefined) throw new Error('Unknown sealed-secret format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    deriveKey(secretKey, purpose),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * What a restore changed about the rows it copied (a new workspace, new ids), for secrets sealed with
 * a context naming the old ones: they are sealed again for the new rows, or they would never open.
 */
export interface RestoredIds {
  sourceWorkspaceId: number;
  newWorkspaceId: number;
  /** The id a row of `table` had in the backup, from its id in the restored workspace. */
  oldIdOf(table: string, newId: number): Promise<number | undefined>;
}

/**
 * The secret sealed for `toContext` instead of `fromContext`; null when it does not open (a backup
 * taken under another SECRET_KEY): such a secret stays as it was and the feature asks for it again.
 */
export function reseal(
  secretKey: string,
  purpose: string,
  sealed: string,
  fromContext: string,
  toContext: string,
): string | null {
  try {
    return seal(secretKey, purpose, open(secretKey, purpose, sealed, fromContext), toContext);
  } catch {
    return null;
  }
}
