import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

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

  it('refuses a cycle between server features, even without a cycle between modules', async () => {
    const ids = await ruleIds(
      'src/server/features/profiles/profiles.service.ts',
      "import type { Actor } from '../accounts/actor.plugin';\nexport type Caller = Actor;\n",
    );
    expect(ids).toEqual(['local/no-feature-cycle']);
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
