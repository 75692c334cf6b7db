import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/errors';
import {
  COMPANY_SETTINGS_MESSAGES,
  CompanyLogo,
  CompanySellers,
  CompanySettings,
  UpdateCompanySettingsBody,
} from '@shared/company/company-settings.schema';
import { AppError } from '../../lib/app-error';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, ImageError, prepareLogo } from '../../lib/images';
import { readMultipartForm } from '../../lib/multipart-form';
import { perAccountRateLimit } from '../../plugins/rate-limit';
import { requireStepUp } from '../account-security/step-up';
import { actorOf } from '../accounts/role-guard';
import { companySellerSales } from '../orders/orders-metrics.service';
import {
  changesCollectorId,
  countSellersFor,
  findCompanyProfile,
  replaceCompanyLogo,
  toCompanySettings,
  updateCompanySettings,
} from '../profiles/company-profile.service';
import { companyScope } from '../../lib/scope';

/** /api/company/settings and /api/company/sellers (spec 02 §2, §6; API.md). */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['company'],
        summary: 'Configuración de la empresa',
        response: { 200: CompanySettings },
      },
    },
    async (request) => {
      const scope = companyScope(actorOf(request).userId);
      return {
        ...toCompanySettings(await findCompanyProfile(app.db, scope), app.storage),
        ...(await app.collectorIdNeed(scope)),
      };
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags: ['company'],
        summary:
          'Cambia las provincias de envío, el ID de Cobrador (pide confirmar la contraseña: 403 REAUTH_REQUIRED) o los datos fiscales',
        body: UpdateCompanySettingsBody,
        response: { 200: CompanySettings },
      },
      preHandler: requireStepUp(app, {
        when: (request) =>
          changesCollectorId(
            app.db,
            companyScope(actorOf(request).userId),
            request.body as UpdateCompanySettingsBody,
          ),
      }),
    },
    async (request) => {
      const scope = companyScope(actorOf(request).userId);
      const actor = actorOf(request);
      const row = await updateCompanySettings(
        app.db,
        scope,
        { id: actor.userId, name: actor.name },
        request.body,
        // A new collector id is e-mailed to the owner with 'No fui yo' and audited.
        app.destinationChanges.collectorIdChanged,
      );
      return {
        ...toCompanySettings(row, app.storage),
        ...(await app.collectorIdNeed(scope)),
      };
    },
  );

  app.put(
    '/settings/logo',
    {
      schema: {
        tags: ['company'],
        summary: 'Sube el logo (multipart `file`: PNG, JPG o SVG; se guarda como PNG)',
        consumes: ['multipart/form-data'],
        response: { 200: CompanyLogo },
      },
      config: {
        rateLimit: perAccountRateLimit(
          app.config.rateLimits.imageUploads,
          IMAGE_MESSAGES.tooManyUploads,
        ),
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, {
        fileFields: ['file'],
        limits: { fileBytes: IMAGE_MAX_BYTES, files: 1, fields: 5 },
        tooLarge: { message: COMPANY_SETTINGS_MESSAGES.logoTooLarge, field: 'file' },
      });
      const [file] = form.files;
      if (!file) throw AppError.validation(COMPANY_SETTINGS_MESSAGES.logoInvalid);
      let png: Buffer;
      try {
        png = await prepareLogo(file.data);
      } catch (error) {
        if (!(error instanceof ImageError)) throw error;
        if (error.reason === 'too_many_pixels') {
          throw new AppError(ERROR_CODES.payloadTooLarge, error.message, 413, {
            file: error.message,
          });
        }
        if (error.reason === 'busy')
          throw new AppError(ERROR_CODES.unavailable, error.message, 503);
        throw AppError.validation(COMPANY_SETTINGS_MESSAGES.logoInvalid, {
          file: error.message,
        });
      }
      const logoUrl = await replaceCompanyLogo(
        app.db,
        app.storage,
        companyScope(actorOf(request).userId),
        png,
      );
      return { logo_url: logoUrl };
    },
  );

  app.get(
    '/sellers',
    {
      schema: {
        tags: ['company'],
        summary:
          'Vendedores registrados, cuántos están en tus provincias de envío, y los que vendieron tus productos con sus ventas',
        response: { 200: CompanySellers },
      },
    },
    async (request) => {
      const companyId = actorOf(request).userId;
      const [counts, sold] = await Promise.all([
        countSellersFor(app.db, companyScope(companyId)),
        companySellerSales(app.db, { kind: 'company', id: companyId }),
      ]);
      return {
        ...counts,
        with_sales: sold.total,
        items: sold.items.map((seller) => ({
          seller_id: seller.sellerId,
          name: seller.name,
          province: seller.province,
          sales: seller.sales,
          total_cents: seller.totalCents,
          seller_cents: seller.sellerCents,
        })),
      };
    },
  );
};
