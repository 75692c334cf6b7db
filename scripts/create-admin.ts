import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { EmailSchema, PasswordSchema } from '../src/shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '../src/shared/accounts/messages';
import { judgePassword } from '../src/shared/accounts/password-policy';
import { loadConfig } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';
import { keepNewFilesPrivate, makeDataDirPrivate } from '../src/server/lib/private-files';
import { createAuth } from '../src/server/features/auth/auth';
import { isPublicPassword } from '../src/server/features/auth/public-passwords';
import { users } from '../src/server/features/auth/auth.table';
import { registerAccount } from '../src/server/features/accounts/register.service';
import { createStorage } from '../src/server/lib/storage';

/**
 * Creates a confirmed administrator from the command line, without the sign-up
 * form's secret code:
 *   npm run create-admin -- --email ana@empresa.com --name "Ana Pérez" [--password …]
 * Without --password it asks for one (or generates one when not in a terminal).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const email = EmailSchema.safeParse(values.email ?? '');
  const name = values.name?.trim();
  if (!email.success || !name) {
    console.error(
      'Uso: npm run create-admin -- --email <correo> --name "<nombre>" [--password <clave>]',
    );
    process.exit(2);
  }

  let password = values.password;
  let generated = false;
  if (!password && process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = (await rl.question('Contraseña (vacío para generar una): ')).trim() || undefined;
    rl.close();
  }
  if (!password) {
    password = randomBytes(12).toString('base64url');
    generated = true;
  }
  const checked = PasswordSchema.safeParse(password);
  if (!checked.success) {
    console.error(checked.error.issues[0]?.message);
    process.exit(2);
  }
  // The same rule as sign-up (common, too weak, or holding the e-mail's name).
  const verdict = await judgePassword(password, { email: email.data, name });
  if (verdict.message) {
    console.error(verdict.message);
    process.exit(2);
  }

  keepNewFilesPrivate();
  const config = loadConfig();
  if (config.isProduction && isPublicPassword(password)) {
    console.error(ACCOUNT_MESSAGES.publicPasswordChosen);
    process.exit(2);
  }
  makeDataDirPrivate(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.data));
    if (existing) {
      console.error(`Ya existe una cuenta con el correo ${email.data}.`);
      process.exitCode = 1;
      return;
    }
    // A one-off code lets the same sign-up path create the admin (user, profile, together).
    const oneOffCode = randomBytes(24).toString('hex');
    const auth = createAuth({ config, db: database.db, mailer: { send: async () => {} } });
    await registerAccount(
      { db: database.db, auth, storage: createStorage(config), adminSignupCode: oneOffCode },
      {
        name,
        email: email.data,
        password,
        confirmPassword: password,
        role: 'admin',
        adminSecretCode: oneOffCode,
      },
      undefined,
    );
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email.data));
    console.log(`Administrador creado: ${name} <${email.data}>`);
    if (generated) console.log(`Contraseña generada: ${password}`);
    console.log(twoFactorInstructions(config));
  } finally {
    await database.close();
  }
}

/** What the new admin does next about the second factor (TWO_FACTOR_REQUIRED_ROLES). */
function twoFactorInstructions(config: ReturnType<typeof loadConfig>): string {
  const required = config.accountSecurity.twoFactorRequiredRoles.includes('admin');
  return [
    '',
    required
      ? 'Verificación en dos pasos: obligatoria para administradores en este servidor. Hasta activarla, el panel muestra solo la página Seguridad.'
      : 'Verificación en dos pasos: recomendada (en producción es obligatoria para administradores).',
    `  1. Inicia sesión en ${config.appUrl}/login con este correo y la contraseña.`,
    '  2. En Seguridad, elige «Activar verificación en dos pasos» y confirma la contraseña.',
    '  3. Escanea el código QR con una app de autenticación (o escribe la clave a mano) e ingresa el código de 6 dígitos.',
    '  4. Guarda los diez códigos de respaldo: cada uno entra una vez si pierdes el teléfono.',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(
    'No se pudo crear el administrador:',
    error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
