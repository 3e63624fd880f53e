import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file as a download reads it: a stream and its length. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * The document storage port (§2 Documents). Keys are relative paths (`customers/10001/dpa-2026-10.pdf`).
 *
 * The portal ships the local adapter below (files under `DATA_DIR/documents`). An S3-compatible store
 * (AWS S3, MinIO, Ceph RGW) plugs in as another implementation of this interface: `put` becomes a
 * `PutObjectCommand`, `open` a `GetObjectCommand` whose `Body` (a Node `Readable`) and `ContentLength`
 * are returned as they are, so downloads stay streamed; `documentStorage()` then picks the adapter from
 * the configuration (e.g. a `DOCUMENTS_S3_URL`). Nothing else changes: rows keep only the key.
 */
export interface DocumentStorage {
  put(key: string, content: Uint8Array): Promise<void>;
  /** The file, or undefined when it is missing (the caller answers the §8 download error). */
  open(key: string): Promise<StoredFile | undefined>;
}

const safeKey = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Documents as files below a root directory; keys cannot leave it. */
export class LocalDocumentStorage implements DocumentStorage {
  readonly #root: string;
  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  #file(key: string): string {
    if (!safeKey.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid document key: ${key}`);
    return path.join(this.#root, ...key.split('/'));
  }

  async put(key: string, content: Uint8Array): Promise<void> {
    const file = this.#file(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await fsp.writeFile(partial, content, { mode: 0o600 });
    await fsp.rename(partial, file);
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const file = this.#file(key);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return undefined;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }
}

/** The configured document storage: today the local adapter under `DATA_DIR/documents`. */
export const documentStorage = (dataDir: string): DocumentStorage => new LocalDocumentStorage(path.join(dataDir, 'documents'));

/** A storage key for a new file: a folder, a time stamp and the file name reduced to safe ASCII. */
export const storageKeyFor = (folder: string, fileName: string, at: Date): string =>
  `${folder}/${at.getTime()}-${
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9._-]+/gi, '_')
      .replace(/^[._-]+/, '') || 'file'
  }`;
