import { eq, inArray } from 'drizzle-orm';
import type { Role } from '@shared/accounts/accounts.schema';
import { ROLE_LABELS } from '@shared/accounts/messages';
import type { Seeder } from '../../db/seed';
import { createStorage } from '../../lib/storage';
import { createAuth } from './auth';
import { users } from './auth.table';
import { registerAccount } from './register.service';

/** One confirmed account per role, for trying the panels right after `npm start`. */
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
    const existing = await db
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      );
    const known = new Set(existing.map((row) => row.email));
    const missing = DEMO_ACCOUNTS.filter((account) => !known.has(account.email));

    if (missing.length) {
      // Demo accounts are confirmed here, so no confirmation e-mail is sent.
      const auth = createAuth({ config, db, mailer: { send: async () => {} } });
      const adminCode = 'demo-seed-admin-code';
      for (const account of missing) {
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
        await db.update(users).set({ emailVerified: true }).where(eq(users.email, account.email));
      }
      log.info(
        { created: missing.map((account) => account.email) },
        'cuentas de demostración creadas',
      );
    }

    if (!config.isProduction) {
      const lines = DEMO_ACCOUNTS.map(
        (account) =>
          `    ${ROLE_LABELS[account.role].padEnd(14)} ${account.email}  /  ${account.password}`,
      );
      console.log(`\n  Cuentas de demostración (solo desarrollo):\n${lines.join('\n')}\n`);
    }
  },
};
