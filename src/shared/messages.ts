/**
 * User-facing texts fixed by the spec. Components and tests both read them from
 * here, so a changed wording fails the tests that assert it.
 */

/** spec 01 §5, §8, §9: the support page. */
export const SUPPORT_MESSAGES = {
  nameTooShort: 'El nombre debe tener al menos 2 caracteres.',
  invalidEmail: 'Por favor, introduce un correo electrónico válido.',
  messageTooShort: 'El mensaje debe tener al menos 10 caracteres.',
  sending: 'Enviando...',
  sentTitle: 'Mensaje Enviado ✅',
  sentDescription: 'Hemos recibido tu consulta. Nos pondremos en contacto contigo pronto.',
  rateLimited: 'Recibimos muchos mensajes desde tu conexión. Prueba de nuevo en unos minutos.',
  failedTitle: 'No se pudo enviar',
} as const;

/** spec 01 §2: /success is in English. */
export const SUCCESS_PAGE = {
  title: 'Payment Successful!',
  body: 'Thank you for your purchase. Your order is being processed and you will receive a confirmation e-mail shortly.',
  continueShopping: 'Continue Shopping',
} as const;

/** spec 01 §2: landing page call-to-action labels. */
export const LANDING_LABELS = {
  signIn: 'Iniciar Sesión',
  register: 'Registrarse',
  dashboard: 'Dashboard',
  start: 'Comenzar Ahora',
  haveAccount: 'Ya tengo cuenta',
  registerCompany: 'Registrar Empresa',
  becomeSeller: 'Ser Vendedor',
  terms: 'Términos y Condiciones',
  support: 'Soporte',
} as const;

/**
 * API.md "Account security": days and months in a request. An answer with one
 * of these messages carries the code INVALID_PERIOD (src/shared/period.ts).
 */
export const PERIOD_MESSAGES = {
  invalid: 'El período no es válido: usa fechas reales entre 2000 y 2100, de hasta 366 días.',
  reversed: 'El período no es válido: la fecha de inicio debe ser anterior o igual a la de fin.',
  day: 'La fecha no es válida: usa una fecha real entre el 01/01/2000 y el 31/12/2100.',
  month: 'El mes no es válido: usa un mes real entre 2000-01 y 2100-12, con el formato AAAA-MM.',
  /** The storefront's API speaks English (spec 01 §7). */
  storeDateTime: 'to_date must be an ISO 8601 date-time between 2000-01-01 and 2100-12-31.',
} as const;

/** Generic API texts. */
export const API_MESSAGES = {
  validation: 'Los datos enviados no son válidos.',
  notFound: 'No encontramos lo que buscabas.',
  routeNotFound: 'La ruta solicitada no existe.',
  internal: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.',
  rateLimited: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  badJson: 'El cuerpo de la solicitud no es JSON válido.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  databaseDown: 'La base de datos no responde.',
  brokenMultipart: 'El formulario enviado está incompleto o dañado. Vuelve a enviarlo.',
  jsonTooDeep: 'El JSON enviado tiene demasiados niveles anidados.',
  nulCharacter: 'Los datos enviados contienen caracteres no permitidos (carácter nulo).',
  forbiddenOrigin:
    'Rechazamos la solicitud porque no viene de este sitio. Abre la página de nuevo e inténtalo otra vez.',
} as const;
