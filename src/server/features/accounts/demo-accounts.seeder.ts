import { randomBytes } from 'node:crypto';
import type { Role } from '@shared/accounts/accounts.schema';
import { ROLE_LABELS } from '@shared/accounts/messages';
import type { Seeder } from '../../db/seed/seeder';
import { createStorage } from '../../lib/storage';
import { createAuth } from '../auth/auth';
import { markEmailVerified, registeredEmails } from '../auth/users.service';
import { registerAccount } from './register.service';

/**
 * One confirmed account per role, for trying the panels right after `npm start`.
 * These passwords are public (they live in the repository), so they are used
 * only outside production; a production seed (SEED=true) generates its own.
 * They hold their e-mail's name, which the password rule refuses to people
 * choosing a password (sign-up, reset, change): the seed creates the accounts
 * through the sign-up service, not the route, so they stay easy to type and
 * match the README; production refuses them anyway (auth/public-passwords.ts).
 */
export const DEMO_ACCOUNTS: {
  role: Role;
  name: string;
  email: string;
  password: string;
}[] = [
  {
    role: 'company',
    name: 'Carla Méndez',
    email: 'empresa@demo.vendemas.com.ar',
    password: 'demo-empresa-2026',
  },
  {
    role: 'seller',
    name: 'Martín Sosa',
    email: 'vendedor@demo.vendemas.com.ar',
    password: 'demo-vendedor-2026',
  },
  {
    role: 'admin',
    name: 'Laura Giménez',
    email: 'admin@demo.vendemas.com.ar',
    password: 'demo-admin-2026',
  },
];

const DEMO_DOCUMENT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const demoAccountsSeeder: Seeder = {
  name: 'demo-accounts',
  async run({ db, config, log }) {
    const known = await registeredEmails(
      db,
      DEMO_ACCOUNTS.map((account) => account.email),
    );
    const missing = DEMO_ACCOUNTS.filter((account) => !known.has(account.email));

    const created: { role: Role; email: string; password: string }[] = [];
    if (missing.length) {
      // Demo accounts are confirmed here, so no confirmation e-mail is sent.
      const auth = createAuth({ config, db, mailer: { send: async () => {} } });
      const adminCode = randomBytes(18).toString('base64url');
      for (const demo of missing) {
        const account = {
          ...demo,
          password: config.isProduction ? randomBytes(15).toString('base64url') : demo.password,
        };
        created.push(account);
        await registerAccount(
          { db, auth, storage: createStorage(config), adminSignupCode: adminCode },
          {
            name: account.name,
            email: account.email,
            password: account.password,
            confirmPassword: account.password,
            role: account.role,
            companyName: account.role === 'company' ? 'Yerba Mate del Litoral' : undefined,
            shipping_provinces:
              account.role === 'company'
                ? [
                    'Buenos Aires',
                    'Ciudad Autónoma de Buenos Aires',
                    'Córdoba',
                    'Santa Fe',
                    'Misiones',
                  ]
                : undefined,
            province: account.role === 'seller' ? 'Córdoba' : undefined,
            adminSecretCode: account.role === 'admin' ? adminCode : undefined,
          },
          account.role === 'seller' ? { filename: 'dni-demo.pdf', data: DEMO_DOCUMENT } : undefined,
        );
        await markEmailVerified(db, account.email);
      }
      log.info(
        { created: missing.map((account) => account.email) },
        'cuentas de demostración creadas',
      );
    }

    const list = (accounts: typeof created) =>
      accounts
        .map(
          (account) =>
            `    ${ROLE_LABELS[account.role].padEnd(14)} ${account.email}  /  ${account.password}`,
        )
        .join('\n');
    if (!config.isProduction) {
      console.log(`\n  Cuentas de demostración (solo desarrollo):\n${list(DEMO_ACCOUNTS)}\n`);
    } else if (created.length) {
      // Generated passwords exist nowhere else: this is the only time they are shown.
      console.log(
        `\n  Cuentas de demostración creadas con contraseñas aleatorias (anótalas: no se vuelven a mostrar):\n${list(created)}\n`,
      );
    }
  },
};
