import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@aduro/shared/auth';
import type { Readable } from 'node:stream';
import { AppError, badRequest } from './errors.ts';
import { nulError } from '../plugins/input-guard.ts';

/** An uploaded file held until it is committed or let go (modules/auth/licence-storage.ts keeps licences). */
export interface StagedFile {
  fileName: string;
  size: number;
}

/** Where a form's files are staged: the licence storage, in practice. */
export interface FileStaging<S extends StagedFile> {
  stage(stream: Readable, fileName: string, field: string): Promise<S>;
  discard(staged: S | undefined): Promise<void>;
}

/**
 * Reading a multipart form that carries licence files: customer and supplier registration, and a
 * buyer's licence (PUT /api/org/licence-record). One reader, so every form refuses the same broken
 * bodies with the same 400s (issue 30) and stages its files under the same rules.
 */

/** The words of a form that cannot be read, naming the form. */
export const formMessages = (form: string) =>
  ({
    noBoundary: `The ${form} could not be read: it was sent as multipart/form-data without a boundary.`,
    incomplete: `The ${form} arrived incomplete. Please send it again.`,
    unnamedPart: `The ${form} could not be read: one of its parts has no field name (Content-Disposition: form-data; name="...").`,
  }) as const;

export interface FormSpec {
  /** How messages name the form, e.g. 'registration form'. */
  form: string;
  /** The file fields staged; the first non-empty file of each is kept, anything else drained. */
  files: readonly string[];
  /** Fields that may repeat, collected as lists. */
  repeated?: readonly string[];
}

export interface ReadForm<S extends StagedFile> {
  fields: Record<string, unknown>;
  /** The staged files by field; discard them with discardAll when not committed. */
  files: Record<string, S>;
}

/** Lets go of every staged file of a form. */
export async function discardAll<S extends StagedFile>(
  storage: FileStaging<S>,
  files: Record<string, S> | undefined,
) {
  for (const staged of Object.values(files ?? {})) await storage.discard(staged);
}

/**
 * Reads the whole form: text fields, repeated fields as lists, and each named file staged. A part
 * without a field name, a NUL byte, a file past 20 MB or a cut-off body is refused once the form is
 * read (or at once for the size), with everything staged let go.
 */
export async function readMultipartForm<S extends StagedFile>(
  request: FastifyRequest,
  storage: FileStaging<S>,
  spec: FormSpec,
): Promise<ReadForm<S>> {
  const messages = formMessages(spec.form);
  const fields: Record<string, unknown> = {};
  const lists = new Map<string, string[]>();
  // Fields holding a NUL byte, which PostgreSQL refuses: named once the whole form is read.
  const withNul = new Set<string>();
  const files: Record<string, S> = {};
  // A part whose Content-Disposition names no field (busboy leaves fieldname undefined): nothing in the
  // form can be matched to it, so the whole form is refused once it is read.
  let unnamed = false;
  /** The last file field staged. */
  let reading: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (typeof part.fieldname !== 'string' || part.fieldname === '') {
        unnamed = true;
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.fieldname.includes('\u0000')) {
        withNul.add('body');
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'file') {
        if (part.filename?.includes('\u0000')) withNul.add(part.fieldname);
        // Browsers send an empty part for an empty file input; anything but the first file is drained.
        if (
          !spec.files.includes(part.fieldname) ||
          files[part.fieldname] ||
          !part.filename ||
          withNul.size > 0
        ) {
          part.file.resume();
          continue;
        }
        // The parser reports a file past the limit when it reads on, after the file: kept to name it.
        reading = part.fieldname;
        const staged = await storage.stage(part.file, part.filename, part.fieldname);
        if (staged.size === 0) await storage.discard(staged);
        else files[part.fieldname] = staged;
      } else if (typeof part.value === 'string' && part.value.includes('\u0000')) {
        withNul.add(part.fieldname);
      } else if (spec.repeated?.includes(part.fieldname)) {
        lists.set(part.fieldname, [...(lists.get(part.fieldname) ?? []), String(part.value)]);
      } else if (!spec.files.includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await discardAll(storage, files);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = reading ?? spec.files[0] ?? 'file';
      throw new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(field), {
        fieldErrors: { [field]: [AUTH_MESSAGES.licenceTooLarge] },
      });
    }
    throw unreadableForm(err, messages);
  }
  if (unnamed) {
    await discardAll(storage, files);
    throw badRequest(messages.unnamedPart, undefined, 'MALFORMED_REQUEST');
  }
  if (withNul.size > 0) {
    await discardAll(storage, files);
    throw nulError([...withNul]);
  }
  for (const [name, values] of lists) fields[name] = values;
  return { fields, files };
}

/** The toast of a file past 20 MB: SPEC's words for the supplier's licensure document. */
export const tooLargeMessage = (field: string) =>
  field === 'licensureDocument' ? AUTH_MESSAGES.licenceTooLargeToast : AUTH_MESSAGES.licenceTooLarge;

/**
 * The parser's (busboy's) own errors for a body that is not a readable form, as a 400 the sender can
 * act on; anything else (a limit @fastify/multipart answers itself, a failing disk) is left as it is.
 */
function unreadableForm(err: unknown, messages: ReturnType<typeof formMessages>): unknown {
  if (!(err instanceof Error) || 'statusCode' in err) return err;
  if (/Boundary (not found|required)/.test(err.message))
    return badRequest(messages.noBoundary, undefined, 'MALFORMED_REQUEST');
  if (/unexpected end of (form|multipart data)|^Malformed/i.test(err.message)) {
    return badRequest(messages.incomplete, undefined, 'MALFORMED_REQUEST');
  }
  return err;
}
