import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@shared/zod';
import { StoreTransferList } from '@shared/store/store-transfers.schema';
import { actorOf } from '../accounts/role-guard';
import { confirmStoreTransfer, listStoreTransfers } from './store-orders.service';

/** Admin surface (/api/admin, role-guarded): lists and confirms bank transfers of storefront orders. */
export const storeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store/orders/transfers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pedidos de la tienda que esperan una transferencia bancaria',
        response: { 200: StoreTransferList },
      },
    },
    async () => listStoreTransfers(app.db),
  );

  app.post(
    '/store/orders/:orderId/confirm-transfer',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirma la transferencia recibida de un pedido de la tienda',
        params: z.object({ orderId: z.uuid() }),
        response: { 200: z.object({ id: z.string(), status: z.literal('paid') }) },
      },
    },
    async (request) =>
      confirmStoreTransfer(
        app.db,
        app.orderWorkflow,
        request.params.orderId,
        actorOf(request).userId,
      ),
  );
};
