/**
 * The texts of account security: step-up, the second factor, sessions
 * (shared/API.md → Account security). The API's messages are used exactly.
 */
export const SECURITY_MESSAGES = {
  reauthRequired: 'Por seguridad, confirma tu contraseña para continuar.',
  twoFactorRequired:
    'Tu cuenta debe activar la verificación en dos pasos antes de usar el panel. Actívala en Seguridad.',
  wrongPassword: 'La contraseña no es correcta.',
  wrongCode: 'El código no es correcto. Revisa la hora de tu teléfono e inténtalo de nuevo.',
  wrongBackupCode: 'El código de respaldo no es correcto o ya fue usado.',
  codeExpiredStep:
    'Pasó demasiado tiempo desde que ingresaste tu contraseña. Inicia sesión de nuevo.',
  tooManyCodes:
    'Demasiados códigos incorrectos. Por seguridad, espera 15 minutos antes de intentarlo de nuevo.',
  challengeSpent:
    'Demasiados códigos incorrectos para este inicio de sesión. Inicia sesión de nuevo.',
  twoFactorAlreadyOn: 'La verificación en dos pasos ya está activada.',
  twoFactorNotOn: 'La verificación en dos pasos no está activada en esta cuenta.',
  verifyNeedsSomething: 'Ingresa tu contraseña o un código de verificación.',
  twoFactorCannotTurnOff:
    'Tu cuenta debe usar la verificación en dos pasos: no se puede desactivar. Si perdiste el teléfono, genera nuevos códigos de respaldo.',
  sessionNotFound: 'Esa sesión ya no está abierta.',
} as const;
