import { BRAND } from '@shared/brand';
import { PAY_MESSAGES, type PayPage as PayPageData } from '@shared/orders/orders.schema';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { usePayPage } from './api/pay-api';
import { pathParam, searchParams } from './lib/location';
import { useDocumentTitle } from './lib/use-document-title';
import { usePayOrder } from './lib/use-pay-order';
import { CardPayment } from './components/card-payment';
import { CompanyHeader } from './components/company-header';
import { PayForm } from './components/pay-form';
import { PayNotice, PayShell } from './components/pay-shell';
import { ProductDetails } from './components/product-details';

/** spec 02 §2 /pay/:productId: a seller's payment link, as the buyer sees it. */
export function PayPage() {
  const productId = pathParam();
  const ref = searchParams().get('ref');
  const page = usePayPage(productId, ref);
  useDocumentTitle(
    page.data
      ? `${page.data.product.title} | ${page.data.company.name || BRAND.name}`
      : `Pagar | ${BRAND.name}`,
  );

  if (page.status === 'pending' && productId) {
    return (
      <PayShell>
        <div className="flex justify-center py-24">
          <Spinner label="Cargando el producto…" />
        </div>
      </PayShell>
    );
  }
  if (page.status !== 'success') {
    const notFound = !productId || (page.error instanceof ApiError && page.error.status === 404);
    return (
      <PayShell>
        <PayNotice
          title={notFound ? PAY_MESSAGES.productNotFound : PAY_MESSAGES.methodsLoadFailed}
          body={
            notFound
              ? 'Puede que el link esté incompleto o que el producto ya no se venda. Pídele a quien te lo envió un link nuevo.'
              : 'Revisa tu conexión y vuelve a intentarlo.'
          }
        />
      </PayShell>
    );
  }
  return (
    <PayShell>
      <PayContent data={page.data} productId={productId} ref_={ref} refresh={page.refresh} />
    </PayShell>
  );
}

function PayContent({
  data,
  productId,
  ref_,
  refresh,
}: {
  data: PayPageData;
  productId: string;
  ref_: string | null;
  /** Reads the product again (its price changed under the buyer). */
  refresh: () => Promise<void>;
}) {
  const order = usePayOrder({ data, productId, ref_, refresh });
  const methods = data.methods;

  return (
    <>
      <CompanyHeader company={data.company} />
      <div className="grid gap-6 lg:grid-cols-[1fr_420px] lg:gap-10">
        <ProductDetails data={data} />

        <Card className="h-fit p-5 sm:p-6">
          {order.card ? (
            <CardPayment next={order.card} total={order.total} onBack={order.closeCard} />
          ) : methods.length === 0 ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {PAY_MESSAGES.noMethods}
            </p>
          ) : (
            <PayForm methods={methods} productId={productId} order={order} />
          )}
        </Card>
      </div>
    </>
  );
}
