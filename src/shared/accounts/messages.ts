/** spec 01 §2, §5, §8 and spec 02 §2: the texts of sign-up, sign-in, recovery and the panels. */
export const ACCOUNT_MESSAGES = {
  passwordsDoNotMatch: 'Las contraseñas no coinciden.',
  chooseAccountType: 'Por favor selecciona un tipo de cuenta.',
  creatingAccount: 'Creando cuenta...',
  signingIn: 'Iniciando sesión...',
  errorTitle: 'Error',
  fileTooLargeTitle: 'Archivo muy grande',
  fileTooLargeDescription: 'Por favor, sube un archivo menor a 5MB.',
  uploadErrorTitle: 'Error de carga',
  uploadErrorDescription: (message: string) => `No se pudo subir el documento: ${message}`,
  signUpErrorTitle: 'Error de registro',
  signUpSuccessTitle: '¡Cuenta creada con éxito!',
  signUpSuccessDescription: 'Por favor, revisa tu correo electrónico para confirmar tu cuenta.',
  signInErrorTitle: 'Error al iniciar sesión',
  signInErrorDescription: 'Email o contraseña incorrectos.',
  emailNotVerifiedTitle: 'Confirma tu correo electrónico',
  emailNotVerifiedDescription:
    'Tu cuenta todavía no está confirmada. Revisa tu correo o pide que te lo enviemos de nuevo.',
  accountSuspended:
    'Tu cuenta está suspendida. Si crees que es un error, escríbenos desde Soporte.',
  resendVerification: 'Reenviar correo de confirmación',
  verificationResentTitle: 'Correo reenviado',
  verificationResentDescription: 'Te enviamos un nuevo enlace de confirmación.',
  recoverySentTitle: 'Correo enviado',
  recoverySentDescription: 'Revisa tu bandeja de entrada para restablecer tu contraseña.',
  updateErrorTitle: 'Error al actualizar',
  updateSuccessTitle: '¡Éxito!',
  updateSuccessDescription:
    'Tu contraseña ha sido actualizada. Serás redirigido para iniciar sesión.',
  confirming: 'Confirmando tu cuenta...',
  confirmed: '¡Cuenta confirmada! Redirigiendo…',
  confirmedSignIn: 'Tu cuenta está confirmada. Ya puedes iniciar sesión.',
  callbackError: (message: string) => `Error: ${message}`,
  loadingProfile: 'Cargando perfil...',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña no puede superar los 128 caracteres.',
  nameRequired: 'Ingresa tu nombre completo.',
  emailInvalid: 'Ingresa un correo electrónico válido.',
  companyRequired: 'Ingresa el nombre de la empresa.',
  provinceRequired: 'Selecciona tu provincia.',
  shippingProvincesRequired: 'Selecciona al menos una provincia de envío.',
  documentRequired: 'Sube tu documento de identidad.',
  documentType: 'El documento debe ser un PDF, JPG o PNG.',
  adminCodeRequired: 'Ingresa el código de administrador.',
  adminCodeInvalid: 'El código de administrador no es válido.',
  adminSignupDisabled:
    'El registro de administradores está deshabilitado en este servidor. Pide a un administrador que cree tu cuenta.',
  invalidRole: 'El tipo de cuenta no es válido.',
  invalidToken: 'El enlace no es válido o ya fue usado.',
  expiredToken: 'El enlace expiró. Pide uno nuevo.',
  missingToken: 'Falta el código de confirmación en el enlace.',
  tooManyAttempts: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
  publicPasswordSignIn:
    'Esta contraseña es pública (es la de las cuentas de demostración) y no sirve en este sitio. Crea una nueva con «¿Olvidaste tu contraseña?».',
  publicPasswordChosen:
    'Esta contraseña es pública (es la de las cuentas de demostración). Elige otra.',
  accountLocked: (minutes: number) =>
    `Demasiados intentos fallidos. Por seguridad, bloqueamos el inicio de sesión de esta cuenta por ${minutes} minutos.`,
  passwordCommon: 'Esta contraseña está entre las más usadas y se adivina en segundos. Elige otra.',
  passwordContainsEmailName: (name: string) =>
    `La contraseña no puede contener el nombre de tu correo («${name}»).`,
  passwordTooWeak: (hint: string | undefined) =>
    `La contraseña es demasiado fácil de adivinar.${hint ? ` ${hint}` : ' Usa una frase de tres o cuatro palabras poco comunes.'}`,
  unauthorized: 'Inicia sesión para continuar.',
  forbidden: 'No tienes permiso para acceder a esta sección.',
  signOut: 'Cerrar sesión',
} as const;

/** spec 01 §2 /register: the labels of the account types. */
export const ROLE_LABELS = {
  company: 'Empresa',
  seller: 'Vendedor',
  admin: 'Administrador',
} as const;

/** spec 02 §2: the name of each role's panel (sidebar, page title, panel home). */
export const PANEL_TITLES = {
  company: 'Panel de Empresa',
  seller: 'Panel de Vendedor',
  admin: 'Panel Administrativo',
} as const;

/** The steps of the password strength meter (zxcvbn's score 0–4); 3 and 4 are accepted. */
export const PASSWORD_STRENGTH_LABELS = [
  'Muy débil',
  'Débil',
  'Mejorable',
  'Segura',
  'Muy segura',
] as const;
