import { parseArgs } from 'node:util';
import { EmailSchema } from '../src/shared/accounts/accounts.schema';
import { loadConfig } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';
import { recordAudit } from '../src/server/features/audit/audit.service';
import { findUserByEmail, resetTwoFactor } from '../src/server/features/auth/users.service';

/**
 * For an operator, when someone lost both their phone and their backup codes:
 *   npm run reset-two-factor -- --email ana@empresa.com --note "DNI verificado por videollamada"
 * Check who is asking first (the guide says how). The account's second factor,
 * trusted devices and sessions go; the next sign-in asks only the password,
 * and a role that must use the factor is asked to turn it on again.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, note: { type: 'string' } },
  });
  const email = EmailSchema.safeParse(values.email ?? '');
  const note = values.note?.trim();
  if (!email.success || !note) {
    console.error(
      'Uso: npm run reset-two-factor -- --email <correo> --note "<cómo verificaste su identidad>"',
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const user = await findUserByEmail(database.db, email.data);
    if (!user) {
      console.error(`No hay ninguna cuenta con el correo ${email.data}.`);
      process.exitCode = 1;
      return;
    }
    await database.db.transaction(async (tx) => {
      await resetTwoFactor(tx, user.id);
      await recordAudit(tx, {
        actorId: 'system',
        actorName: 'Operador (npm run reset-two-factor)',
        action: 'account.two_factor_reset',
        targetType: 'user',
        targetId: user.id,
        after: { note },
      });
    });
    console.log(
      `Listo: ${user.name} <${user.email}> ya no tiene verificación en dos pasos y se cerraron sus sesiones. Pídele que la active de nuevo en Seguridad.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('No se pudo restablecer:', error instanceof Error ? error.message : error);
  process.exit(1);
});
