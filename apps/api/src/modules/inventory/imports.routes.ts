import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  INVENTORY_IMPORT_COLUMNS,
  importParamsSchema,
  importTemplateQuerySchema,
  inventoryImportSchema,
} from '@aduro/shared/inventory-import';
import { CSV_BOM, toCsvLine } from '../../lib/csv.ts';
import { errorResponses, mediaResponse } from '../../lib/error-responses.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readMultipartForm, type FileStaging, type StagedFile } from '../../lib/multipart-form.ts';
import { apiKeyIdOf, member } from '../../plugins/auth.ts';
import { fileTooLarge, readImportFile } from './import-file.ts';
import { applyImport, exportRows, getImport, previewImport } from './imports.service.ts';

const security = [{ bearerAuth: [] }];

interface HeldFile extends StagedFile {
  bytes: Buffer;
}

/** The import's file is read into memory (at most 10 MB, the scope's limit): it is parsed at once. */
const inMemory: FileStaging<HeldFile> = {
  async stage(stream: Readable, fileName: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    return { fileName, size: bytes.length, bytes };
  },
  async discard() {},
};

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileAnswer = (what: string) => mediaResponse(`${what}, as an attachment`, ['text/csv', XLSX_TYPE]);

/**
 * Stock and price-list import (docs/domain.md "Stock import"): preview a CSV or XLSX file, read the
 * preview, apply it, and the template and current-stock files it round-trips with. Registered in its own
 * scope with multipart and a 10 MB file limit (app.ts); every call needs manage_inventory.
 */
export default async function inventoryImportRoutes(app: FastifyInstance) {
  app.addHook(
    'preValidation',
    app.guard({ userType: 'supplier', permission: 'manage_inventory' }, { organisation: true }),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/inventory/imports',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Preview a stock and price-list file (CSV or XLSX); changes nothing',
        description:
          'multipart/form-data with one file field `file`, CSV or XLSX (told by its content), at most ' +
          `${IMPORT_MAX_BYTES} bytes and ${IMPORT_MAX_ROWS} rows under a header row. Columns (headers matched ` +
          'whatever their case and spaces): product (Aduro id, GTIN or exact name), batchNumber, expiryDate ' +
          '(YYYY-MM-DD or DD/MM/YYYY, or an Excel date), quantity, unitPrice; or gs1, the scanned element ' +
          'string, in place of product, batch and expiry. Each row is decided as the single sync would: ' +
          "new_lot, update, unchanged, or error with field errors by column. A file's second row for the " +
          'same lot, or a second price for the same product, is an error. The preview is kept: apply it ' +
          'with POST /inventory/imports/{id}/apply.',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: inventoryImportSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      config: { openapiBody: z.object({ file: z.string().meta({ format: 'binary' }) }) },
    },
    async (request, reply) => {
      const me = member(request);
      let file: HeldFile | undefined;
      try {
        ({
          files: { file },
        } = await readMultipartForm(request, inMemory, { form: 'stock file', files: ['file'] }));
      } catch (err) {
        if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') throw fileTooLarge();
        throw err;
      }
      if (!file) throw badRequest(IMPORT_MESSAGES.noFile, { file: [IMPORT_MESSAGES.noFile] });
      const rows = await readImportFile(file.bytes);
      const preview = await previewImport(
        app.db,
        me.orgId,
        file.fileName.slice(0, 255),
        rows,
        me.id,
        apiKeyIdOf(request),
      );
      return reply.code(201).send(preview);
    },
  );

  r.get(
    '/inventory/imports/template',
    {
      schema: {
        tags: ['inventory'],
        summary: 'An empty stock file with the header row, CSV (default) or XLSX (?format=xlsx)',
        description: `Columns ${INVENTORY_IMPORT_COLUMNS.join(', ')}; productName is ignored on import.`,
        security,
        querystring: importTemplateQuerySchema,
        response: { 200: fileAnswer('The template'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendTable(reply, 'stock_import_template', [], request.query.format),
  );

  r.get(
    '/inventory/imports/export',
    {
      schema: {
        tags: ['inventory'],
        summary: "The supplier's current stock in the import's columns, CSV (default) or XLSX",
        description:
          'One row per lot: product as the Aduro id, productName for people (ignored on import), ' +
          'batchNumber, expiryDate (YYYY-MM-DD), quantity, unitPrice (the offer price). Imported again ' +
          'unchanged, every row previews as unchanged.',
        security,
        querystring: importTemplateQuerySchema,
        response: { 200: fileAnswer('The current stock'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendTable(
        reply,
        'current_stock',
        await exportRows(app.db, member(request).orgId),
        request.query.format,
      ),
  );

  r.get(
    '/inventory/imports/:id',
    {
      schema: {
        tags: ['inventory'],
        summary: 'A previewed import, with its result once applied',
        description:
          'Every row as previewed (status, what it was read as, field errors, what the clerk wrote) and the ' +
          "totals; result is null until applied. Another organisation's import answers 404 IMPORT_NOT_FOUND.",
        security,
        params: importParamsSchema,
        response: { 200: inventoryImportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getImport(app.db, member(request).orgId, request.params.id),
  );

  r.post(
    '/inventory/imports/:id/apply',
    {
      schema: {
        tags: ['inventory'],
        summary: 'Apply every valid row of a previewed import, in one transaction',
        description:
          'Rows with errors are skipped; the valid ones are applied all together or not at all, each ' +
          'decided again against the stock as it is now. One inventory.imported event for the whole file. ' +
          'Idempotent: applying an import again answers the first result and changes nothing. An import ' +
          'whose every row has an error answers 409 IMPORT_NOTHING_TO_APPLY.',
        security,
        params: importParamsSchema,
        response: { 200: inventoryImportSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = member(request);
      return applyImport(app.db, me.orgId, request.params.id, me.id, apiKeyIdOf(request));
    },
  );
}

/** A header row and rows, as CSV (UTF-8 with a byte order mark, for Excel) or as an XLSX workbook. */
async function sendTable(
  reply: FastifyReply,
  name: string,
  rows: Array<Array<string | number>>,
  format: 'csv' | 'xlsx' = 'csv',
) {
  if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow([...INVENTORY_IMPORT_COLUMNS]);
    // Every value but quantity and price is a string, so a batch like 00123 stays as written.
    sheet.addRows(rows);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .send(bytes);
  }
  const text = CSV_BOM + toCsvLine(INVENTORY_IMPORT_COLUMNS) + rows.map((r) => toCsvLine(r)).join('');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('x-content-type-options', 'nosniff')
    .send(text);
}
