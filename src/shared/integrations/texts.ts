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
