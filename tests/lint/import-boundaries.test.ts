import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../src/server/db/client';

/**
 * The import rules of eslint.config.js, run through ESLint's own API on small
 * samples placed (in memory) at real paths of the project, so the rules resolve
 * them against the code on disk. Each sample names the rule that must catch it.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('import boundaries (STYLE.md §5)', () => {
  it('refuses a web feature importing another feature, by relative path or alias', async () => {
    const relative = await ruleIds(
      'src/web/features/dashboard/panel-home.tsx',
      "import { AdminSupportPage } from '../support/admin-support-page';\nexport const page = AdminSupportPage;\n",
    );
    const alias = await ruleIds(
      'src/web/features/dashboard/panel-home.tsx',
      "import { AdminSupportPage } from '@web/features/support/admin-support-page';\nexport const page = AdminSupportPage;\n",
    );
    expect(relative).toContain('import-x/no-restricted-paths');
    expect(alias).toContain('import-x/no-restricted-paths');
  });

  it('refuses a web feature importing the app layer', async () => {
    const ids = await ruleIds(
      'src/web/features/support/admin-support-page.tsx',
      "import { PANEL_SECTIONS } from '../../app/panel-sections';\nexport const sections = PANEL_SECTIONS;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lets a web feature use shared components', async () => {
    const ids = await ruleIds(
      'src/web/features/dashboard/panel-home.tsx',
      "import { Card } from '@web/components/ui/card';\nexport const card = Card;\n",
    );
    expect(ids).toEqual([]);
  });

  it("refuses a server feature touching another feature's table, but not its service", async () => {
    const table = await ruleIds(
      'src/server/features/accounts/register.service.ts',
      "import { users } from '../auth/auth.table';\nexport const table = users;\n",
    );
    const service = await ruleIds(
      'src/server/features/accounts/register.service.ts',
      "import { findUserByEmail } from '../auth/users.service';\nexport const find = findUserByEmail;\n",
    );
    expect(table).toContain('import-x/no-restricted-paths');
    expect(service).toEqual([]);
  });

  it('refuses a server feature importing db/schema, which re-exports every table', async () => {
    const ids = await ruleIds(
      'src/server/features/support/support.service.ts',
      "import { orders } from '../../db/schema';\nexport const table = orders;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it("gives no feature drizzle's relational db.query over every table", () => {
    // Checked by the type checker: with a schema in the Database type again, this line compiles
    // and the expectation of an error fails `npm run typecheck`.
    // @ts-expect-error Database carries no tables
    type AnyTable = Database['query']['orders'];
    expectTypeOf<AnyTable>().toBeAny();
  });

  it("refuses a platform scope outside the admin's routes, but not inside them", async () => {
    const listing =
      "import { listOrders } from './orders-query.service';\n" +
      'export const all = (db: never, storage: never) =>\n' +
      "  listOrders(db, storage, { kind: 'platform' as const }, {});\n";
    const company = await ruleIds('src/server/features/orders/orders.company.routes.ts', listing);
    const service = await ruleIds('src/server/features/orders/orders-query.service.ts', listing);
    const admin = await ruleIds(
      'src/server/features/admin/admin.routes.ts',
      listing.replace('./orders-query.service', '../orders/orders-query.service'),
    );
    const own = await ruleIds(
      'src/server/features/orders/orders.company.routes.ts',
      listing.replace("{ kind: 'platform' as const }", "{ kind: 'company' as const, id: 'x' }"),
    );
    expect(company).toContain('no-restricted-syntax');
    expect(service).toContain('no-restricted-syntax');
    expect(admin).toEqual([]);
    expect(own).toEqual([]);
  });

  it('refuses a cycle between server features, even without a cycle between modules', async () => {
    const ids = await ruleIds(
      'src/server/features/profiles/profiles.service.ts',
      "import type { Actor } from '../accounts/actor.plugin';\nexport type Caller = Actor;\n",
    );
    expect(ids).toEqual(['local/no-feature-cycle']);
  });

  it('lets a test read what features above its own wrote, without making a cycle', async () => {
    const sample =
      "import { ledgerEntries } from '../settlements/ledger.table';\nexport const table = ledgerEntries;\n";
    expect(await ruleIds('src/server/features/orders/order-workflow.test.ts', sample)).toEqual([]);
    // The same import in the orders service is a cycle: settlements depends on orders.
    expect(await ruleIds('src/server/features/orders/orders.service.ts', sample)).toContain(
      'local/no-feature-cycle',
    );
  });

  it('refuses a cycle between modules, in the server and in the web', async () => {
    const server = await ruleIds(
      'src/server/features/accounts/register.service.ts',
      "import { accountRoutes } from './accounts.routes';\nexport const routes = accountRoutes;\n",
    );
    const web = await ruleIds(
      'src/web/app/section-placeholder.tsx',
      "import { panelRoutes } from './panel-routes';\nexport const routes = panelRoutes;\n",
    );
    expect(server).toContain('import-x/no-cycle');
    expect(web).toContain('import-x/no-cycle');
  });
});
