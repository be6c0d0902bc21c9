import { randomUUID } from 'node:crypto';
import { readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq, isNotNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { AUTH_MESSAGES, LICENCE_MAX_BYTES, LICENCE_MIME_TYPES } from '@aduro/shared/auth';
import type { FastifyReply } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { licenceFiles, organizations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';

export interface StagedLicence {
  content: Buffer;
  fileName: string;
  size: number;
  /** The form field it came in (licensureDocument unless named): refusals name it. */
  field?: string;
}

export interface VerifiedLicence extends StagedLicence {
  mimeType: keyof typeof LICENCE_MIME_TYPES;
  extension: string;
}

/**
 * Where uploaded licences are kept. An upload is staged, verified by its content, then committed under
 * a key in the transaction that records the organisation, so the two commit or roll back together
 * (docs/domain.md "Licence files").
 */
export interface LicenceStorage {
  /** Reads an upload into memory; the multipart limit ends it past 20 MB. */
  stage(stream: Readable, fileName: string, field?: string): Promise<StagedLicence>;
  /** Decides the type by the content, refusing anything but pdf, png, jpeg, doc and docx (415). */
  verify(staged: StagedLicence): Promise<VerifiedLicence>;
  /** A new storage key for an organisation's licence. */
  keyFor(orgId: string, licence: VerifiedLicence): string;
  /** Stores the licence under key within the caller's transaction. */
  commit(tx: Executor, orgId: string, key: string, licence: VerifiedLicence): Promise<void>;
  /** Lets go of a staged upload that will not be committed. */
  discard(staged: StagedLicence | undefined): Promise<void>;
  remove(key: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under key. */
  read(key: string): Promise<Buffer | null>;
}

/**
 * Licences as rows of licence_files, so any replica serves any licence and a backup of the database
 * holds them. Staging keeps the upload in memory: at most 20 MB, and node-postgres sends a bytea
 * parameter from memory anyway.
 */
export class TableLicenceStorage implements LicenceStorage {
  constructor(private readonly db: Db) {}

  async stage(stream: Readable, fileName: string, field = 'licensureDocument'): Promise<StagedLicence> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // The multipart limit truncates first; this holds for a caller without one.
      if (size > LICENCE_MAX_BYTES) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          field === 'licensureDocument' ? AUTH_MESSAGES.licenceTooLargeToast : AUTH_MESSAGES.licenceTooLarge,
          { fieldErrors: { [field]: [AUTH_MESSAGES.licenceTooLarge] } },
        );
      }
      chunks.push(chunk as Buffer);
    }
    return {
      content: Buffer.concat(chunks, size),
      fileName: path.basename(fileName || 'licence'),
      size,
      field,
    };
  }

  /**
   * Decides the type by the file's content (magic bytes), not its name: a renamed text file is refused.
   * Old Word files are OLE compound documents, which file-type reports as x-cfb.
   */
  async verify(staged: StagedLicence): Promise<VerifiedLicence> {
    const detected = await fileTypeFromBuffer(staged.content);
    let mime = detected?.mime as string | undefined;
    if (mime === 'application/x-cfb' && staged.fileName.toLowerCase().endsWith('.doc'))
      mime = 'application/msword';
    if (!mime || !(mime in LICENCE_MIME_TYPES)) {
      throw new AppError('UNSUPPORTED_MEDIA', AUTH_MESSAGES.licenceType, {
        fieldErrors: { [staged.field ?? 'licensureDocument']: [AUTH_MESSAGES.licenceType] },
      });
    }
    const mimeType = mime as keyof typeof LICENCE_MIME_TYPES;
    return { ...staged, mimeType, extension: LICENCE_MIME_TYPES[mimeType] };
  }

  keyFor(orgId: string, licence: VerifiedLicence): string {
    return path.posix.join('licences', orgId, `${randomUUID()}${licence.extension}`);
  }

  async commit(tx: Executor, orgId: string, key: string, licence: VerifiedLicence): Promise<void> {
    await tx.insert(licenceFiles).values({ key, orgId, content: licence.content, sizeBytes: licence.size });
  }

  async discard(): Promise<void> {
    // Staged bytes live in memory only; the garbage collector frees them.
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(licenceFiles).where(eq(licenceFiles.key, key));
  }

  async read(key: string): Promise<Buffer | null> {
    const rows = await this.db
      .select({ content: licenceFiles.content })
      .from(licenceFiles)
      .where(eq(licenceFiles.key, key));
    return rows[0]?.content ?? null;
  }
}

/**
 * Moves licences that earlier versions kept as files (DATA_DIR/uploads/<key>) into licence_files: a
 * file named by an organisation's key becomes that key's row (kept if the row already exists), and is
 * deleted once the row is committed. Safe to repeat, and on several replicas at once. Returns how many
 * files were moved.
 */
export async function importLicenceFiles(db: Db, uploadsDir: string): Promise<number> {
  const root = path.resolve(uploadsDir);
  const referenced = await db
    .select({ orgId: organizations.id, key: organizations.licenceStorageKey })
    .from(organizations)
    .where(isNotNull(organizations.licenceStorageKey));
  let moved = 0;
  for (const { orgId, key } of referenced) {
    const file = path.resolve(root, key!);
    // A key that would leave the uploads folder is not a file we wrote.
    if (!file.startsWith(root + path.sep)) continue;
    const content = await readFile(file).catch(() => null);
    if (!content) continue;
    await db
      .insert(licenceFiles)
      .values({ key: key!, orgId, content, sizeBytes: content.length })
      .onConflictDoNothing();
    await rm(file, { force: true });
    // Tidy the organisation's folder when it is now empty; anything else is left alone.
    await rmdir(path.dirname(file)).catch(() => undefined);
    moved += 1;
  }
  return moved;
}

/** A stored licence as the organisations table records it. */
export interface StoredLicence {
  key: string | null;
  fileName: string | null;
  mimeType: string | null;
}

/**
 * Sends a stored licence inline with the type sniffed at upload, never cached: only the organisation
 * itself and platform administrators reach this (DOMAIN.md), and a shared cache must not keep it.
 */
export async function sendLicence(
  reply: FastifyReply,
  storage: LicenceStorage,
  licence: StoredLicence | null,
) {
  if (!licence) throw notFound('ORGANISATION_NOT_FOUND', 'Organisation not found');
  if (!licence.key) throw notFound('LICENCE_NOT_FOUND', 'This organisation has not uploaded a licence');
  const content = await storage.read(licence.key);
  if (!content) throw notFound('LICENCE_NOT_FOUND', 'The licence file is missing from storage');
  const name = (licence.fileName ?? 'licence').replace(/[^\w.\- ]/g, '_');
  return reply
    .type(licence.mimeType ?? 'application/octet-stream')
    .header('content-length', content.length)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(content);
}
