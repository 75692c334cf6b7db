import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_MESSAGES,
  Order,
  OrderList,
  OrderListQuery,
  OrderParams,
} from '@shared/orders/orders.schema';
import { OrderHistory } from '@shared/admin/admin.schema';
import { AppError } from '../../lib/app-error';
import { sendAttachment } from '../../lib/attachment';
import { actorOf } from '../accounts/role-guard';
import { exportOrdersCsv, findScopedOrder, listOrders, toOrderDtos } from './orders-query.service';
import { changeOrderStatusAudited } from './order-actions.service';
import { orderHistoryView } from './orders-metrics.service';

/** /api/company/orders: the company's own orders (API.md "Company"). */
export const companyOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['company'],
        summary: 'Los pedidos de la empresa, los más nuevos primero',
        querystring: OrderListQuery,
        response: { 200: OrderList },
      },
    },
    async (request) =>
      listOrders(
        app.db,
        app.storage,
        { kind: 'company', id: actorOf(request).userId },
        request.query,
      ),
  );

  app.get(
    '/orders/export.csv',
    {
      schema: {
        tags: ['company'],
        summary: 'Los pedidos de la empresa con los mismos filtros, en CSV',
        querystring: OrderListQuery.omit({ page: true, page_size: true }),
      },
    },
    async (request, reply) => {
      const csv = await exportOrdersCsv(
        app.db,
        app.storage,
        { kind: 'company', id: actorOf(request).userId },
        request.query,
      );
      return sendAttachment(reply, {
        name: 'pedidos.csv',
        type: 'text/csv; charset=utf-8',
        body: csv,
      });
    },
  );

  app.get(
    '/orders/:id/history',
    {
      schema: {
        tags: ['company'],
        summary: 'El historial de estados de un pedido de la empresa, el más reciente primero',
        params: OrderParams,
        response: { 200: OrderHistory },
      },
    },
    async (request) => {
      const order = await findScopedOrder(
        app.db,
        { kind: 'company', id: actorOf(request).userId },
        request.params.id,
      );
      if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
      return orderHistoryView(app.db, app.storage, order);
    },
  );

  app.post(
    '/orders/:id/confirm-transfer',
    {
      schema: {
        tags: ['company'],
        summary: 'Confirma una transferencia recibida: el pedido pasa a Completado',
        params: OrderParams,
        response: { 200: Order },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const result = await changeOrderStatusAudited(
        app.db,
        app.orderWorkflow,
        {
          orderId: request.params.id,
          scope: { kind: 'company', id: actor.userId },
          to: 'approved',
          // A transfer that arrives after its order expired is still accepted while its units are there.
          from: ['pending_transfer', 'expired'],
          provider: 'transferencia',
        },
        { id: actor.userId, name: actor.profile.name, action: 'order.confirm_transfer' },
      );
      if (result.kind === 'not_found') throw AppError.notFound(ORDER_MESSAGES.notFound);
      if (result.kind === 'no_stock') {
        throw new AppError('NO_STOCK', ORDER_MESSAGES.noStockToReopen, 409);
      }
      if (result.kind === 'unchanged') {
        throw new AppError('NOT_PENDING_TRANSFER', ORDER_MESSAGES.notPendingTransfer, 409);
      }
      const [order] = await toOrderDtos(app.db, app.storage, [result.order]);
      return order!;
    },
  );

  app.post(
    '/orders/:id/release',
    {
      schema: {
        tags: ['company'],
        summary:
          'Libera las unidades de un pedido sin pagar (pendiente de pago o de transferencia): el pedido vence y su stock vuelve',
        params: OrderParams,
        response: { 200: Order },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // The same change as an order running out of time: history, stock back, totals.
      const result = await changeOrderStatusAudited(
        app.db,
        app.orderWorkflow,
        {
          orderId: request.params.id,
          scope: { kind: 'company', id: actor.userId },
          to: 'expired',
          from: ['pending_payment', 'pending_transfer'],
        },
        { id: actor.userId, name: actor.profile.name, action: 'order.release' },
      );
      if (result.kind === 'not_found') throw AppError.notFound(ORDER_MESSAGES.notFound);
      if (result.kind !== 'changed') {
        throw new AppError('NOT_RELEASABLE', ORDER_MESSAGES.notReleasable, 409);
      }
      const [order] = await toOrderDtos(app.db, app.storage, [result.order]);
      return order!;
    },
  );
};
