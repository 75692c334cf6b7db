/** The words of the company's Integraciones page. */
export const INTEGRATIONS_TEXT = {
  pageTitle: 'Integraciones',
  pageIntro:
    'Conecta tu sistema de gestión, tu ERP o una planilla automática con VendeMás: lee tus pedidos y productos, y actualiza stock y estado sin entrar al panel.',
  keysTitle: 'Claves de API',
  keysIntro:
    'Cada sistema que conectes usa su propia clave. La clave se muestra una sola vez, al crearla; si la pierdes, crea otra y revoca la anterior.',
  newKey: 'Nueva clave',
  createTitle: 'Nueva clave de API',
  createDescription:
    'Ponle un nombre que diga dónde la vas a usar y elige solo los permisos que ese sistema necesita.',
  nameLabel: 'Nombre',
  namePlaceholder: 'Por ejemplo: Tango Gestión',
  scopesLabel: 'Permisos',
  createSubmit: 'Crear clave',
  shownOnceTitle: 'Tu nueva clave de API',
  shownOnceWarning:
    'Cópiala y guárdala en un lugar seguro ahora: por seguridad no la guardamos y no la vas a volver a ver.',
  copy: 'Copiar clave',
  done: 'Listo, ya la guardé',
  empty: 'Todavía no creaste ninguna clave.',
  createdAt: 'Creada',
  lastUsed: 'Último uso',
  neverUsed: 'Nunca usada',
  revoke: 'Revocar',
  revokeTitle: '¿Revocar esta clave?',
  docsHint: 'Guía para desarrolladores: autenticación, paginación con cursor y reintentos seguros.',
  docsLink: 'Documentación de la API',
} as const;

/** The words of the webhooks card on the same page (its messages are WEBHOOK_MESSAGES). */
export const WEBHOOKS_TEXT = {
  title: 'Webhooks',
  intro:
    'Tu sistema se entera al instante de cada pedido, cambio de stock o liquidación: enviamos cada evento por POST a la dirección que elijas, firmado con un secreto que solo tú conoces.',
  newWebhook: 'Nuevo webhook',
  createTitle: 'Nuevo webhook',
  createDescription:
    'Escribe la dirección de tu sistema que va a recibir los eventos y elige cuáles quieres recibir.',
  editTitle: 'Editar webhook',
  editDescription:
    'Cambia la dirección o los eventos. Si cambias la dirección, te pedimos tu contraseña otra vez.',
  urlLabel: 'Dirección del endpoint',
  urlPlaceholder: 'https://erp.miempresa.com.ar/vendemas',
  eventsLabel: 'Eventos',
  createSubmit: 'Crear webhook',
  editSubmit: 'Guardar cambios',
  shownOnceTitle: 'El secreto de firma de tu webhook',
  shownOnceWarning:
    'Guárdalo donde tu sistema lo lea, por ejemplo en una variable de entorno: por seguridad no lo mostramos otra vez. Si lo pierdes, borra el webhook y crea otro.',
  verifyHint:
    'Cada entrega trae el encabezado VendeMas-Signature con el esquema de Stripe (t=…,v1=…: un HMAC-SHA256 de «t.cuerpo» con este secreto). Verifícalo antes de confiar en el evento; los detalles están en la',
  copy: 'Copiar secreto',
  copied: 'Secreto copiado.',
  done: 'Listo, ya lo guardé',
  empty:
    'Todavía no creaste ningún webhook. Crea uno para que tu sistema reciba tus pedidos sin tener que consultar la API.',
  createdAt: 'Creado',
  stateActive: 'Activo',
  stateInactive: 'Desactivado',
  failingSince: (date: string) => `Falla desde ${date}`,
  failingHint: 'Si sigue fallando durante 3 días, lo desactivamos y te avisamos.',
  disabledByPlatform: (date: string) =>
    `Lo desactivamos el ${date} porque falló durante 3 días seguidos. Revisa tu endpoint y actívalo otra vez.`,
  receiveEvents: 'Recibir eventos',
  activate: 'Activar',
  activated: 'Webhook activado.',
  deactivated: 'Webhook desactivado: no recibe eventos hasta que lo actives.',
  sendTest: 'Enviar evento de prueba',
  viewDeliveries: 'Ver entregas',
  edit: 'Editar',
  delete: 'Borrar',
  deleteTitle: 'Borrar webhook',
  deliveriesTitle: 'Registro de entregas',
  deliveriesIntro:
    'Las últimas 100 entregas, la más nueva primero; se actualiza sola mientras la miras.',
  deliveriesEmpty: 'No hay entregas para mostrar. Envía un evento de prueba para ver la primera.',
  filterLabel: 'Mostrar',
  filterAll: 'Todas',
  filterPending: 'Pendientes',
  filterDelivered: 'Entregadas',
  filterFailed: 'Fallidas',
  testEvent: 'Evento de prueba',
  attempts: 'Intentos',
  lastStatus: 'Última respuesta',
  noAnswer: 'Sin respuesta',
  deliveryCreatedAt: 'Creada',
  deliveredAt: 'Entregada',
  nextAttempt: 'Próximo intento',
  sending: 'En cola para enviar',
  retry: 'Reintentar',
} as const;
