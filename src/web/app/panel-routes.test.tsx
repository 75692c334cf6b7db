import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_HOME, ROLES, type Role } from '@shared/accounts/accounts.schema';
import { PANEL_TITLES } from '@shared/accounts/messages';
import { testProfile, testUser } from '../../../tests/factories/web-session';

const profile = (role: Role) =>
  testProfile(role, { name: 'Ana Pérez', company: role === 'company' ? 'Pérez SA' : null });

/** The API as the panels read it: the session, the dashboard and the support inbox. */
function answer(role: Role) {
  return async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/me') return Response.json({ user: testUser, profile: profile(role) });
    if (url === `/api/${role}/dashboard`) {
      return Response.json({
        greetingName: 'Ana Pérez',
        role,
        company: null,
        province: null,
        points: 0,
        sales: 0,
        shippingProvinces: [],
        ...(role === 'seller'
          ? {
              total_sales_cents: 0,
              commissions_cents: 0,
              sales_count: 0,
              rank: null,
              goal: null,
              recent_activity: [],
            }
          : {}),
      });
    }
    if (url.startsWith('/api/admin/support-messages'))
      return Response.json({ total: 0, messages: [] });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No existe' } }, { status: 404 });
  };
}

/** A fresh session store per render, signed in as `role`, at `path`. */
async function renderPanels(role: Role, path: string) {
  vi.stubGlobal('fetch', vi.fn(answer(role)));
  vi.resetModules();
  const { panelRoutes } = await import('./panel-routes');
  const { PANEL_SECTIONS } = await import('./panel-sections');
  const { queryClient } = await import('@web/lib/query-client');
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{panelRoutes()}</Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return PANEL_SECTIONS[role];
}

describe('panel routes and sidebar from one section table (spec 02 §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(ROLES)('the %s sidebar links every section of its table', async (role) => {
    const sections = await renderPanels(role, ROLE_HOME[role]);
    const nav = await screen.findByRole('navigation', { name: PANEL_TITLES[role] });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      sections.map((section) => [
        section.label,
        section.path ? `${ROLE_HOME[role]}/${section.path}` : ROLE_HOME[role],
      ]),
    );
    expect(await screen.findByRole('heading', { name: '¡Hola, Ana Pérez!' })).toBeVisible();
  });

  it.each(ROLES)('every %s section without a page says it is not built yet', async (role) => {
    const { PANEL_SECTIONS } = await import('./panel-sections');
    for (const section of PANEL_SECTIONS[role].filter((entry) => !entry.page)) {
      await renderPanels(role, `${ROLE_HOME[role]}/${section.path}`);
      expect(await screen.findByRole('heading', { name: section.label })).toBeVisible();
      expect(screen.getByText('Esta sección todavía no está disponible.')).toBeVisible();
      cleanup();
    }
  });

  it("renders a section's own page: the admin support inbox", async () => {
    await renderPanels('admin', '/admin/support');
    expect(await screen.findByRole('heading', { name: 'Mensajes de soporte' })).toBeVisible();
  });

  it("sends any other path inside a panel to the panel's home", async () => {
    await renderPanels('seller', '/seller/no-existe');
    expect(await screen.findByRole('heading', { name: '¡Hola, Ana Pérez!' })).toBeVisible();
  });
});
