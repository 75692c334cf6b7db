import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyerPriceCents, commissionCents, splitCommission } from '@shared/commission';
import { OrderListQuery } from '@shared/orders/orders.schema';
import {
  Catalogue,
  CatalogueQuery,
  Goal,
  PutGoalBody,
  Ranking,
  RankingQuery,
  SELLER_MESSAGES,
  SellerOrderList,
  SellerSettings,
  UpdateSellerSettingsBody,
} from '@shared/seller/seller.schema';
import { z } from '@shared/zod';
import { AppError } from '../../lib/app-error';
import { requireStepUp } from '../account-security/step-up';
import { actorOf } from '../accounts/role-guard';
import { listOrders } from '../orders/orders-query.service';
import { linkCodesFor, payLink } from '../orders/seller-links.service';
import { catalogueCategories, listCatalogueProducts } from '../products/product-catalogue.service';
import { toProductDto } from '../products/products.service';
import { companiesShippingTo } from '../profiles/company-profile.service';
import { findProfile, profileSummaries } from '../profiles/profiles.service';
import {
  changesPayoutDestination,
  sellerRanking,
  toSellerSettings,
  updateSellerSettings,
} from '../profiles/seller-profile.service';
import { goalWithProgress, sellerGoalsWithProgress, setSellerGoal } from './goals.service';
import { sellerScope } from '../../lib/scope';

/** How long a province's filter lists (categories, companies) are reused. */
const FILTERS_TTL_MS = 30_000;

/** /api/seller: the seller's workspace (API.md "Seller"). */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The filter lists change only when companies add categories or provinces:
  // each province's are kept for 30 s instead of being computed per page.
  const filters = new Map<
    string,
    {
      at: number;
      categories: Promise<string[]>;
      companies: Promise<{ id: string; name: string; logoUrl: string | null }[]>;
    }
  >();
  // Totals per filter, reused for the same 30 s: paging through a catalogue
  // does not count its thousands of products again for every page.
  const totals = new Map<string, { at: number; total: number }>();
  const filtersFor = (province: string, companyIds: string[]) => {
    // Keyed by the companies too, so a company that adds a province shows at once.
    const key = `${province}|${companyIds.join(',')}`;
    const cached = filters.get(key);
    if (cached && Date.now() - cached.at < FILTERS_TTL_MS) return cached;
    const fresh = {
      at: Date.now(),
      categories: catalogueCategories(app.db, companyIds),
      companies: profileSummaries(app.db, companyIds, app.storage).then((names) =>
        companyIds
          .map((id) => {
            const company = names.get(id);
            return {
              id,
              name: company?.company ?? company?.name ?? '',
              logoUrl: company?.logoUrl ?? null,
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name, 'es')),
      ),
    };
    if (filters.size > 100) filters.clear();
    filters.set(key, fresh);
    fresh.categories.catch(() => filters.delete(key));
    fresh.companies.catch(() => filters.delete(key));
    return fresh;
  };

  app.get(
    '/catalogue',
    {
      schema: {
        tags: ['seller'],
        summary:
          'Productos activos con stock de las empresas que envían a la provincia del vendedor, con su link',
        querystring: CatalogueQuery,
        response: { 200: Catalogue },
      },
    },
    async (request) => {
      const { profile } = actorOf(request);
      if (!profile.province) {
        throw new AppError('PROVINCE_REQUIRED', SELLER_MESSAGES.provinceRequired, 409);
      }
      const companyIds = await companiesShippingTo(app.db, profile.province);
      const lists = filtersFor(profile.province, companyIds);
      const { page: _page, page_size: _size, ...filterQuery } = request.query;
      const totalKey = `${companyIds.join(',')}|${JSON.stringify(filterQuery)}`;
      const known = totals.get(totalKey);
      const fresh = known && Date.now() - known.at < FILTERS_TTL_MS ? known.total : undefined;
      const [page, companies, categories] = await Promise.all([
        listCatalogueProducts(app.db, companyIds, request.query, { knownTotal: fresh }),
        lists.companies,
        lists.categories,
      ]);
      if (fresh === undefined) {
        if (totals.size > 1000) totals.clear();
        totals.set(totalKey, { at: Date.now(), total: page.total });
      }
      const links = await linkCodesFor(
        app.db,
        profile.id,
        page.rows.map((row) => row.id),
      );
      const byId = new Map(companies.map((company) => [company.id, company]));
      return {
        items: page.rows.map((row) => ({
          product: toProductDto(row, app.storage),
          company: {
            id: row.companyId,
            name: byId.get(row.companyId)?.name ?? '',
            logo_url: byId.get(row.companyId)?.logoUrl ?? null,
          },
          buyer_price_cents: buyerPriceCents(row.priceCents, row.commissionBps),
          seller_commission_cents: splitCommission(
            commissionCents(row.priceCents, row.commissionBps),
          ).sellerCents,
          link: payLink(app.config.appUrl, row.id, links.get(row.id) ?? ''),
        })),
        total: page.total,
        page: request.query.page,
        page_size: request.query.page_size,
        province: profile.province,
        categories,
        companies: companies.map(({ id, name }) => ({ id, name })),
      };
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['seller'],
        summary: 'Las ventas del vendedor, las más nuevas primero',
        querystring: OrderListQuery,
        response: { 200: SellerOrderList },
      },
    },
    async (request) =>
      listOrders(
        app.db,
        app.storage,
        { kind: 'seller', id: actorOf(request).userId },
        request.query,
      ),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['seller'],
        summary: 'Provincia y datos de cobro del vendedor',
        response: { 200: SellerSettings },
      },
    },
    async (request) => {
      const profile = await findProfile(app.db, actorOf(request).userId);
      return toSellerSettings(profile!);
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags: ['seller'],
        summary:
          'Cambia provincia, método y datos de cobro (cambiar adónde se cobra pide confirmar la contraseña: 403 REAUTH_REQUIRED)',
        body: UpdateSellerSettingsBody,
        response: { 200: SellerSettings },
      },
      preHandler: requireStepUp(app, {
        when: (request) =>
          changesPayoutDestination(
            app.db,
            sellerScope(actorOf(request).userId),
            request.body as UpdateSellerSettingsBody,
          ),
      }),
    },
    async (request) =>
      toSellerSettings(
        await updateSellerSettings(
          app.db,
          sellerScope(actorOf(request).userId),
          request.body,
          async (tx, saved) => {
            // Payout details another seller already uses flag both (risk center).
            await app.risk.payoutDetailsSaved(tx, saved);
            // A change is e-mailed to the owner with 'No fui yo' and audited.
            await app.destinationChanges.sellerDetailsSaved(tx, saved);
          },
        ),
      ),
  );

  app.get(
    '/ranking',
    {
      schema: {
        tags: ['seller'],
        summary: 'Ranking de vendedores por puntos (país o provincia)',
        querystring: RankingQuery,
        response: { 200: Ranking },
      },
    },
    async (request) =>
      sellerRanking(app.db, { province: request.query.province, meId: actorOf(request).userId }),
  );

  app.get(
    '/goals',
    {
      schema: {
        tags: ['seller'],
        summary: 'Las metas del vendedor, la más reciente primero, con su resultado',
        response: { 200: z.object({ items: z.array(Goal) }) },
      },
    },
    async (request) => {
      return { items: await sellerGoalsWithProgress(app.db, actorOf(request).userId) };
    },
  );

  app.put(
    '/goal',
    {
      schema: {
        tags: ['seller'],
        summary: 'Fija la meta de un mes (ventas y/o comisiones) y devuelve su avance',
        body: PutGoalBody,
        response: { 200: Goal },
      },
    },
    async (request) => {
      const sellerId = actorOf(request).userId;
      const goal = await setSellerGoal(app.db, sellerId, request.body);
      return goalWithProgress(app.db, sellerId, goal);
    },
  );
};
