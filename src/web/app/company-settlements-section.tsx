import { MonthInvoices } from '@web/features/invoicing/month-invoices';
import { CompanySettlementsPage } from '@web/features/settlements/company-settlements-page';

/** The company's Liquidaciones with each month's fiscal documents beside its statement. */
export function CompanySettlementsSection() {
  return <CompanySettlementsPage monthDocuments={(month) => <MonthInvoices month={month} />} />;
}
