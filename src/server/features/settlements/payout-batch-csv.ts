import { eq } from 'drizzle-orm';
import { PAYOUT_MESSAGES } from '@shared/settlements/settlements.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { csvDocument, csvLine, csvPesos } from '../../lib/csv';
import { profileContacts } from '../profiles/profiles.service';
import { payoutBatches, payouts } from './payouts.table';

/** The batch as a CSV for home banking: one transfer per line. */
export async function payoutBatchCsv(db: Database, batchId: number): Promise<string> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  if (!batch) throw AppError.notFound(PAYOUT_MESSAGES.batchNotFound);
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.batchId, batchId))
    .orderBy(payouts.id);
  const people = await profileContacts(
    db,
    rows.map((row) => row.sellerId),
  );
  return csvDocument([
    csvLine([
      'Vendedor',
      'E-mail',
      'Medio',
      'CBU',
      'Alias',
      'E-mail de MercadoPago',
      'Importe',
      'Concepto',
    ]),
    ...rows.map((row) =>
      csvLine([
        people.get(row.sellerId)?.name ?? '',
        people.get(row.sellerId)?.email ?? '',
        row.method === 'bank' ? 'Transferencia bancaria' : 'MercadoPago',
        row.destination.cbu ?? '',
        row.destination.alias ?? '',
        row.destination.email ?? '',
        csvPesos(row.amountCents),
        `VendeMás comisiones lote ${batchId}`,
      ]),
    ),
  ]);
}
