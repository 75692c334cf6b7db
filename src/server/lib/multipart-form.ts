// The type import brings request.parts() into FastifyRequest; app.ts registers the plugin.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { containsNul } from '../plugins/input-guard';
import { AppError } from './app-error';

export interface FormFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields; a field sent several times (or named in `listFields`) is a list. */
  fields: Record<string, string | string[]>;
  files: FormFile[];
}

export interface MultipartFormOptions {
  /** File fields this route reads; files under other names are drained and ignored. */
  fileFields: string[];
  /** Fields that are always lists, even when sent once (e.g. shipping_provinces). */
  listFields?: string[];
  limits: { fileBytes: number; files: number; fields: number; fieldBytes?: number };
  /** The 413 message for a file over `fileBytes`, and the field it concerns. */
  tooLarge: { message: string; field: string };
}

/**
 * Reads a whole multipart form into memory with the route's own limits, and
 * answers every way a form can be wrong with a 4xx: a file over the limit
 * (413, the route's message), too many parts, a NUL character in a field (the
 * same rule the input guard applies to JSON), or a body cut short (the error
 * handler's 400). Files are kept only if every part arrived.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: MultipartFormOptions,
): Promise<MultipartForm> {
  const fields: Record<string, string | string[]> = {};
  const files: FormFile[] = [];
  const lists = new Set(options.listFields ?? []);
  const { limits } = options;
  const tooLarge = () =>
    new AppError('FILE_TOO_LARGE', options.tooLarge.message, 413, {
      [options.tooLarge.field]: options.tooLarge.message,
    });
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit tells "too large" apart from "exactly at the limit".
        fileSize: limits.fileBytes + 1,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes ?? 16 * 1024,
        parts: limits.files + limits.fields,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > limits.fileBytes) throw tooLarge();
        if (options.fileFields.includes(part.fieldname)) {
          files.push({ field: part.fieldname, filename: part.filename, data });
        }
        continue;
      }
      const value = String(part.value);
      const current = fields[part.fieldname];
      if (lists.has(part.fieldname) || current !== undefined) {
        fields[part.fieldname] = [...(current === undefined ? [] : [current].flat()), value];
      } else {
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw AppError.validation(API_MESSAGES.validation);
    }
    throw error;
  }
  if (containsNul(fields) || files.some((file) => file.filename.includes('\u0000'))) {
    throw new AppError(ERROR_CODES.validation, API_MESSAGES.nulCharacter, 400);
  }
  return { fields, files };
}
