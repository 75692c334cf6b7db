import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { AppError } from '../lib/app-error';

/** Deeper JSON than any of our bodies needs; the limit keeps parsers and validators off deep recursion. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when `text` nests arrays or objects deeper than `max`. One linear pass
 * over the text (strings skipped), before anything recursive sees it.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * True when a string (or an object key) anywhere in `value` holds a NUL
 * character, which PostgreSQL cannot store in text or jsonb. Walks with an
 * explicit stack, so no input can make it recurse.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (Array.isArray(current)) {
      stack.push(...current);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Input every route gets checked the same way, Better Auth's included: JSON
 * bodies are refused past MAX_JSON_DEPTH levels before parsing, and no body,
 * query or path parameter may carry a NUL character. Both answer 400 in Spanish.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string)) {
      done(new AppError(ERROR_CODES.validation, API_MESSAGES.jsonTooDeep, 400), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError(ERROR_CODES.validation, API_MESSAGES.nulCharacter, 400);
    }
  });
});
