import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_MESSAGES,
  Order,
  OrderExportQuery,
  OrderList,
  OrderListQuery,
  OrderParams,
} from '@shared/orders/orders.schema';
import { OrderHistory } from '@shared/admin/admin.schema';
import { AppError } from '../../lib/app-error';
import { sendAttachment } from '../../lib/attachment';
import { actingUserOf, actorOf } from '../accounts/role-guard';
import { exportOrdersCsv, findScopedOrder, listOrders, toOrderDtos } from './orders-query.service';
import { confirmTransfer, releaseUnits } from './order-actions.service';
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
        querystring: OrderExportQuery,
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
      const confirmed = await confirmTransfer(
        app.db,
        app.orderWorkflow,
        actingUserOf(request),
        request.params.id,
      );
      const [order] = await toOrderDtos(app.db, app.storage, [confirmed]);
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
      const released = await releaseUnits(
        app.db,
        app.orderWorkflow,
        actingUserOf(request),
        request.params.id,
      );
      const [order] = await toOrderDtos(app.db, app.storage, [released]);
      return order!;
    },
  );
};
