import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Config } from '../../config.js';
import { s3Storage } from './s3-storage.js';

/** A backup file being written: it exists under its key only once `commit` has succeeded. */
export interface BackupUpload {
  /** Where the compressed bytes go; the caller ends it. */
  stream: Writable;
  /** After the stream has finished: makes the whole file visible under its key, or throws. */
  commit(): Promise<void>;
  /** Discards what was written (a failed backup); never throws. */
  abort(): Promise<void>;
}

/**
 * Where backup files live, by key (`<workspaceId>/<fileName>`): a directory (below) or an S3-compatible
 * bucket (s3-storage.ts, a multipart upload completed on `commit`, aborted on `abort`); neither ever
 * shows a half-written file.
 */
export interface BackupStorage {
  create(key: string): Promise<BackupUpload>;
  /** The file's bytes and size, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

export const backupKey = (workspaceId: number, fileName: string) => `${workspaceId}/${fileName}`;

/**
 * Files under `root`: written as `<key>.partial`, synced, then renamed, so a backup killed part-way
 * leaves only a `.partial`, never a file that looks done (the next attempt overwrites it).
 */
export function directoryStorage(root: string): BackupStorage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new TypeError(`not a backup key: ${key}`);
    return file;
  };
  return {
    async create(key) {
      const file = fileOf(key);
      const partial = `${file}.partial`;
      // A backup holds every row of a workspace (and sealed secrets): only the server's user may read it.
      // mkdir's mode covers folders it creates; chmod also closes folders an older version left open.
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // The root may be an operator's folder the server does not own: closing it is best effort.
      await chmod(path.resolve(root), 0o700).catch(() => undefined);
      await chmod(dir, 0o700);
      return {
        stream: createWriteStream(partial, { mode: 0o600 }),
        async commit() {
          const handle = await open(partial, 'r+');
          try {
            await handle.sync();
          } finally {
            await handle.close();
          }
          await rename(partial, file);
        },
        async abort() {
          await rm(partial, { force: true }).catch(() => undefined);
        },
      };
    },
    async open(key) {
      const file = fileOf(key);
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : null),
        () => null,
      );
      return size === null ? null : { stream: createReadStream(file), size };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The configured storage: the S3-compatible bucket when BACKUP_S3_BUCKET is set, else BACKUP_DIR or DATA_DIR/backups. */
export function backupStorage(config: Config): BackupStorage {
  if (config.BACKUP_S3_BUCKET)
    return s3Storage({
      endpoint: config.BACKUP_S3_ENDPOINT ?? `https://s3.${config.BACKUP_S3_REGION}.amazonaws.com`,
      bucket: config.BACKUP_S3_BUCKET,
      region: config.BACKUP_S3_REGION,
      // Both are present whenever the bucket is: the config refuses to start otherwise.
      accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.BACKUP_S3_FORCE_PATH_STYLE,
      prefix: config.BACKUP_S3_PREFIX,
      partSize: config.BACKUP_S3_PART_SIZE_MB * 1024 * 1024,
    });
  return directoryStorage(path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups')));
}
