import { z } from 'zod';

/**
 * zod with Spanish default messages. Every schema imports `z` from here, so the
 * locale is set wherever a schema is used, and the web loads zod only with the
 * pages that validate something.
 */
z.config(z.locales.es());

export { z };
