import { Navigate, Route } from 'react-router';
import type { Role } from '@shared/accounts/accounts.schema';
import { paths } from '@web/config/paths';
import { lazyPage } from './lazy-page';
import { PANEL_SECTIONS } from './panel-sections';
import { SectionPlaceholder } from './section-placeholder';

const RolePanel = lazyPage(() => import('./layouts/panel-layout'), 'RolePanel');

/**
 * spec 02 §2: each role's panel, with one route per entry of PANEL_SECTIONS.
 * A section without a page says plainly that it is not built yet; any other
 * path inside a panel goes to the panel's home. (Roles and homes come from the
 * table and paths.ts: the zod schemas of accounts.schema stay out of the app shell.)
 */
export function panelRoutes() {
  return (Object.keys(PANEL_SECTIONS) as Role[]).map((role) => (
    <Route key={role} path={paths[role]} element={<RolePanel role={role} />}>
      {PANEL_SECTIONS[role].map(({ path, label, page: Page }) => {
        const element = Page ? <Page /> : <SectionPlaceholder title={label} />;
        return path ? (
          <Route key={path} path={path} element={element} />
        ) : (
          <Route key="" index element={element} />
        );
      })}
      <Route path="*" element={<Navigate to={paths[role]} replace />} />
    </Route>
  ));
}
