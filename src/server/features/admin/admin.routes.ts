import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderExportQuery,
  AdminOrderListQuery,
  AuditList,
  AuditQuery,
  AdminProductList,
  AdminProductQuery,
  AdminUserList,
  AdminUserQuery,
  OrderHistory,
  PatchOrderBody,
} from '@shared/admin/admin.schema';
import { ORDER_MESSAGES, Order, OrderList, OrderParams } from '@shared/orders/orders.schema';
import { Ranking, RankingQuery } from '@shared/seller/seller.schema';
import { AppError } from '../../lib/app-error';
import { sendAttachment } from '../../lib/attachment';
import { actingUserOf } from '../accounts/role-guard';
import { auditForPeople } from './audit-view';
import { orderHistoryView } from '../orders/orders-metrics.service';
import {
  exportOrdersCsv,
  findScopedOrder,
  listOrders,
  toOrderDtos,
} from '../orders/orders-query.service';
import { changeOrderStatusAudited } from '../orders/order-actions.service';
import { refundOrder } from '../payments/order-refund.service';
import { listAllProducts } from '../products/product-catalogue.service';
import { toProductDto } from '../products/products.service';
import { listProfiles, profileSummaries } from '../profiles/profiles.service';
import { sellerRanking } from '../profiles/seller-profile.service';
import { openFlagCounts } from '../risk/risk.service';

/** /api/admin: supervision of every order, product and user (spec 02 §2, §4, §6; API.md "Admin"). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Todos los pedidos, con filtros por estado, empresa, vendedor, fechas y texto',
        querystring: AdminOrderListQuery,
        response: { 200: OrderList },
      },
    },
    async (request) => listOrders(app.db, app.storage, { kind: 'platform' }, request.query),
  );

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Los pedidos con los mismos filtros, en CSV',
        querystring: AdminOrderExportQuery,
      },
    },
    async (request, reply) => {
      const csv = await exportOrdersCsv(app.db, app.storage, { kind: 'platform' }, request.query);
      return sendAttachment(reply, {
        name: 'pedidos.csv',
        type: 'text/csv; charset=utf-8',
        body: csv,
      });
    },
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Cambia el estado de un pedido (sin restricciones de transición); queda en el historial',
        params: OrderParams,
        body: PatchOrderBody,
        response: { 200: Order },
      },
    },
    async (request) => {
      const who = actingUserOf(request);
      // Reintegrado gives a gateway's payment back through that gateway first.
      const result =
        request.body.status === 'refunded'
          ? await refundOrder(
              {
                db: app.db,
                orderWorkflow: app.orderWorkflow,
                secretBox: app.secretBox,
                pay: app.config.pay,
                log: request.log,
                storeStripe: app.config.store.stripe,
              },
              { kind: 'platform' },
              request.params.id,
              who,
            )
          : await changeOrderStatusAudited(
              app.db,
              app.orderWorkflow,
              { orderId: request.params.id, scope: { kind: 'platform' }, to: request.body.status },
              { ...who, action: 'order.status' },
            );
      if (result.kind === 'not_found') throw AppError.notFound(ORDER_MESSAGES.notFound);
      if (result.kind === 'no_stock') {
        throw new AppError('NO_STOCK', ORDER_MESSAGES.noStockToReopen, 409);
      }
      const [order] = await toOrderDtos(app.db, app.storage, [result.order]);
      return order!;
    },
  );

  app.get(
    '/orders/:id/history',
    {
      schema: {
        tags: ['admin'],
        summary: 'El historial de estados de un pedido, el más reciente primero',
        params: OrderParams,
        response: { 200: OrderHistory },
      },
    },
    async (request) => {
      const order = await findScopedOrder(app.db, { kind: 'platform' }, request.params.id);
      if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
      return orderHistoryView(app.db, app.storage, order);
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Los productos de todas las empresas (solo lectura)',
        querystring: AdminProductQuery,
        response: { 200: AdminProductList },
      },
    },
    async (request) => {
      const page = await listAllProducts(app.db, { kind: 'platform' }, request.query);
      const names = await profileSummaries(
        app.db,
        page.rows.map((row) => row.companyId),
        app.storage,
      );
      return {
        items: page.rows.map((row) => {
          const company = names.get(row.companyId);
          return {
            ...toProductDto(row, app.storage),
            company: { id: row.companyId, name: company?.company ?? company?.name ?? '' },
          };
        }),
        total: page.total,
        page: request.query.page,
        page_size: request.query.page_size,
      };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Usuarios por rol y texto, con puntos, ventas y si tienen documento',
        querystring: AdminUserQuery,
        response: { 200: AdminUserList },
      },
    },
    async (request) => {
      const page = await listProfiles(app.db, request.query);
      const flags = await openFlagCounts(
        app.db,
        page.rows.filter((row) => row.role === 'seller').map((row) => row.id),
      );
      return {
        items: page.rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          company: row.company,
          province: row.province,
          points: row.points,
          sales: row.sales,
          created_at: row.createdAt.toISOString(),
          has_identity_document: row.identityDocumentKey !== null,
          open_risk_flags: flags.get(row.id) ?? 0,
          banned: row.bannedAt !== null,
        })),
        total: page.total,
        page: request.query.page,
        page_size: request.query.page_size,
      };
    },
  );

  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ranking de vendedores por puntos (país o provincia)',
        querystring: RankingQuery,
        response: { 200: Ranking },
      },
    },
    async (request) => sellerRanking(app.db, { province: request.query.province }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Registro de auditoría: quién cambió qué, antes y después, y cuándo',
        querystring: AuditQuery,
        response: { 200: AuditList },
      },
    },
    async (request) => auditForPeople(app.db, request.query),
  );
};
