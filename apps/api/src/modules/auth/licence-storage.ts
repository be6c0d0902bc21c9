import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import { AUTH_MESSAGES, LICENCE_MIME_TYPES } from '@aduro/shared/auth';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../lib/errors.ts';

export interface StagedLicence {
  tempPath: string;
  fileName: string;
  size: number;
}

export interface VerifiedLicence extends StagedLicence {
  mimeType: keyof typeof LICENCE_MIME_TYPES;
  extension: string;
}

/** Licences live under DATA_DIR/uploads, never under the web root. */
export class LicenceStorage {
  constructor(private readonly uploadsDir: string) {}

  /** Streams an upload to a temporary file; the multipart limit aborts it past 20 MB. */
  async stage(stream: Readable, fileName: string): Promise<StagedLicence> {
    const dir = path.join(this.uploadsDir, 'tmp');
    await mkdir(dir, { recursive: true });
    const tempPath = path.join(dir, randomUUID());
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(stream, createWriteStream(tempPath));
    } catch (err) {
      await rm(tempPath, { force: true });
      throw err;
    }
    return { tempPath, fileName: path.basename(fileName || 'licence'), size };
  }

  /**
   * Decides the type by the file's content (magic bytes), not its name: a renamed text file is refused.
   * Old Word files are OLE compound documents, which file-type reports as x-cfb.
   */
  async verify(staged: StagedLicence): Promise<VerifiedLicence> {
    const detected = await fileTypeFromFile(staged.tempPath);
    let mime = detected?.mime as string | undefined;
    if (mime === 'application/x-cfb' && staged.fileName.toLowerCase().endsWith('.doc'))
      mime = 'application/msword';
    if (!mime || !(mime in LICENCE_MIME_TYPES)) {
      throw new AppError('unsupported_media', AUTH_MESSAGES.licenceType, {
        fieldErrors: { licensureDocument: [AUTH_MESSAGES.licenceType] },
      });
    }
    const mimeType = mime as keyof typeof LICENCE_MIME_TYPES;
    return { ...staged, mimeType, extension: LICENCE_MIME_TYPES[mimeType] };
  }

  /** A storage key for an organisation's licence, relative to the uploads folder. */
  keyFor(orgId: string, licence: VerifiedLicence): string {
    return path.posix.join('licences', orgId, `${randomUUID()}${licence.extension}`);
  }

  async commit(staged: StagedLicence, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(staged.tempPath, target);
  }

  async discard(staged: StagedLicence | undefined): Promise<void> {
    if (staged) await rm(staged.tempPath, { force: true });
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Absolute path of a stored key; refuses keys that would leave the uploads folder. */
  pathOf(key: string): string {
    const resolved = path.resolve(this.uploadsDir, key);
    if (!resolved.startsWith(path.resolve(this.uploadsDir) + path.sep))
      throw new Error('Invalid storage key');
    return resolved;
  }
}

/** A stored licence as the organisations table records it. */
export interface StoredLicence {
  key: string | null;
  fileName: string | null;
  mimeType: string | null;
}

/**
 * Streams a stored licence inline with the type sniffed at upload, never cached: only the organisation
 * itself and platform administrators reach this (DOMAIN.md), and a shared cache must not keep it.
 */
export async function sendLicence(
  reply: FastifyReply,
  storage: LicenceStorage,
  licence: StoredLicence | null,
) {
  if (!licence) throw notFound('Organisation not found');
  if (!licence.key) throw notFound('This organisation has not uploaded a licence');
  const file = storage.pathOf(licence.key);
  const info = await stat(file).catch(() => null);
  if (!info) throw notFound('The licence file is missing from storage');
  const name = (licence.fileName ?? 'licence').replace(/[^\w.\- ]/g, '_');
  return reply
    .type(licence.mimeType ?? 'application/octet-stream')
    .header('content-length', info.size)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(file));
}
