import { formatArs } from '@shared/money';
import { countsAsSale, isUnpaid, type OrderStatus } from '@shared/order-status';
import { countOf, plural } from '@shared/plural';

/**
 * Texts of the seller's workspace that only these pages use (spec 02 §2 seller
 * panel). Spec-fixed texts (the settings toast, the province message) come from
 * SELLER_MESSAGES in src/shared. The voice is tú, like the rest of the app.
 */
export const SELLER_TEXT = {
  earn: (cents: number) => `Ganas ${formatArs(cents)}`,
  earnHint: 'por cada venta',
  buyerPays: 'Precio de venta',
  copyLink: 'Copiar link',
  linkCopied: '¡Link copiado!',
  copyFailed: 'No pudimos copiar el link. Mantén presionado el link para copiarlo a mano.',
  showQr: 'Ver QR',
  qrTitle: 'Código QR de tu link',
  qrDescription: 'Muéstralo en tu celular o descárgalo para imprimirlo o compartirlo.',
  qrLoading: 'Generando el código QR…',
  qrFailed: 'No pudimos generar el código QR. Inténtalo de nuevo.',
  downloadQr: 'Descargar QR',
  shareWhatsApp: 'Compartir por WhatsApp',
  shareNative: 'Más opciones para compartir',
  whatsappMessage: (title: string, priceCents: number, link: string) =>
    `¡Hola! Te comparto ${title} a ${formatArs(priceCents)}. Puedes comprarlo de forma segura desde este link: ${link}`,
  shareText: (title: string, priceCents: number) =>
    `¡Hola! Te comparto ${title} a ${formatArs(priceCents)}. Puedes comprarlo de forma segura desde este link:`,
  catalogueIntro:
    'Elige un producto, comparte tu link personal y gana una comisión por cada venta.',
  searchLabel: 'Buscar productos',
  searchPlaceholder: 'Buscar por nombre…',
  categoryLabel: 'Categoría',
  allCategories: 'Todas',
  companyLabel: 'Empresa',
  allCompanies: 'Todas',
  loadMore: 'Ver más productos',
  productsCount: (shown: number, total: number) =>
    total === 0
      ? 'sin productos'
      : total === 1
        ? '1 producto'
        : shown >= total
          ? `${total} productos`
          : `${shown} de ${total} productos`,
  provinceHeading: 'Primero elige tu provincia',
  goToSettings: 'Ir a Configuración',
  emptyCatalogueTitle: 'Todavía no hay productos para tu provincia',
  emptyCatalogue: (province: string) =>
    `Ninguna empresa envía a ${province} por ahora. Cuando alguna empiece a hacerlo, sus productos aparecerán aquí.`,
  noMatchesTitle: 'No encontramos productos con esos filtros',
  noMatches: 'Prueba con otra búsqueda o quita algún filtro.',
  clearFilters: 'Quitar filtros',
  retry: 'Reintentar',
} as const;

/** What a sale's commission is to the seller now: earned, still unpaid, or never (expired, refunded). */
export type SaleCommissionState = 'earned' | 'pending' | 'none';

export function saleCommissionState(status: OrderStatus): SaleCommissionState {
  if (countsAsSale(status)) return 'earned';
  return isUnpaid(status) ? 'pending' : 'none';
}

export const SALES_TEXT = {
  title: 'Mis Ventas',
  intro: 'Tus ventas, las más nuevas primero, con la comisión que te corresponde.',
  filterLabel: 'Filtrar por estado',
  all: 'Todos',
  notEarned: 'Comisión no ganada',
  commissionLabel: (state: SaleCommissionState, statusLabel: string) =>
    state === 'earned'
      ? 'Tu comisión'
      : state === 'pending'
        ? 'Tu comisión, si se paga'
        : `No ganada · ${statusLabel}`,
  total: 'Total',
  quantity: (units: number) => countOf(units, 'unidad', 'unidades'),
  emptyTitle: 'Todavía no tienes ventas',
  empty: 'Comparte tus links del Catálogo por WhatsApp y aquí verás cada venta.',
  emptyFilteredTitle: 'No hay ventas con ese estado',
  emptyFiltered: 'Elige «Todos» para ver todas tus ventas.',
  goToCatalogue: 'Ir al Catálogo',
  loadMore: 'Ver más ventas',
} as const;

export const DASHBOARD_TEXT = {
  greeting: (name: string) => `¡Hola, ${name}!`,
  sellsIn: (province: string) => `Vendes en ${province}`,
  noProvince: 'Todavía no elegiste tu provincia',
  totalSales: 'Ventas totales',
  commissions: 'Tus comisiones',
  salesCount: 'Ventas',
  points: 'Puntos',
  rank: 'Posición',
  /** A seller without points is not ranked yet (the server gives no rank). */
  rankValue: (rank: number | null) => (rank == null ? 'Sin posición' : `#${rank}`),
  noRankHint: 'Sumas puntos con tu primera venta completada',
  salesCountHint: 'Completadas y entregadas',
  goalTitle: 'Tu meta del mes',
  noGoal: 'Fija una meta para este mes y sigue tu avance aquí.',
  setGoal: 'Fijar mi meta',
  editGoal: 'Cambiar',
  activityTitle: 'Actividad reciente',
  noActivity: 'Cuando alguien compre con tu link, lo verás aquí.',
  seeSales: 'Ver todas',
  shareCta: 'Compartir productos',
} as const;

export const GOAL_TEXT = {
  title: 'Metas',
  intro: 'Ponte una meta cada mes: de ventas, de comisiones o de las dos.',
  formTitle: (month: string) => `Meta de ${month}`,
  targetSales: 'Ventas del mes',
  targetSalesHint: 'Cantidad de ventas completadas o entregadas.',
  targetCommission: 'Comisiones del mes (en pesos)',
  targetCommissionHint: 'Lo que quieres ganar este mes, por ejemplo 50.000.',
  commissionUnderstood: (amount: string) => `Tu meta: ganar ${amount} en comisiones`,
  save: 'Guardar meta',
  saving: 'Guardando…',
  saved: 'Tu meta quedó guardada.',
  saveFailed: 'No se pudo guardar la meta.',
  reached: '¡Meta cumplida!',
  reachedDetail: 'Lo lograste: sigue compartiendo para superarla.',
  salesProgress: (done: number, target: number) =>
    `${done} de ${countOf(target, 'venta', 'ventas')}`,
  commissionProgress: (done: number, target: number) =>
    `${formatArs(done)} de ${formatArs(target)}`,
  salesRemaining: (left: number) =>
    `${plural(left, 'Te falta', 'Te faltan')} ${countOf(left, 'venta', 'ventas')}`,
  commissionRemaining: (cents: number) => `Te faltan ${formatArs(cents)}`,
  historyTitle: 'Meses anteriores',
  historyEmpty: 'Aquí verás el resultado de tus metas de meses anteriores.',
  historyReached: 'Cumplida',
  historyMissed: 'No alcanzada',
  salesLabel: 'Ventas',
  commissionLabel: 'Comisiones',
} as const;

export const RANKING_TEXT = {
  title: 'Ranking',
  intro:
    'Los vendedores con más puntos. Sumas 10 puntos por venta más 1 por cada $ 1.000 de comisión.',
  scopeLabel: 'Ver ranking',
  national: 'Todo el país',
  you: 'Tú',
  position: 'Puesto',
  seller: 'Vendedor',
  points: 'Puntos',
  sales: 'Ventas',
  yourPosition: (rank: number) => `Estás en el puesto #${rank}`,
  notRanked: 'Todavía no tienes posición en este ranking: sumas puntos con cada venta completada.',
  empty: 'Todavía no hay vendedores en este ranking.',
} as const;

export const SETTINGS_TEXT = {
  title: 'Configuración',
  intro:
    'Tu provincia define qué productos ves en el Catálogo; los datos de cobro, dónde recibes tus comisiones.',
  province: 'Provincia',
  provincePlaceholder: 'Selecciona tu provincia',
  provinceHint: 'Verás los productos de las empresas que envían a tu provincia.',
  paymentMethod: 'Cómo quieres cobrar',
  mercadopago: 'MercadoPago',
  mercadopagoHint: 'Con el e-mail de tu cuenta',
  bank: 'Transferencia bancaria',
  bankHint: 'A tu CBU o CVU',
  email: 'E-mail de MercadoPago',
  cbu: 'CBU o CVU',
  cbuHint: '22 dígitos, sin espacios.',
  alias: 'Alias (opcional)',
  /** API.md "Payout details changed": what a change of them does, said before it is saved. */
  changeNotice:
    'Por seguridad, cuando cambias tus datos de cobro te avisamos por e-mail y esperamos unos días antes de pagarte en la cuenta nueva.',
  save: 'Guardar configuración',
  saving: 'Guardando…',
  saveFailed: 'No se pudo guardar la configuración.',
} as const;
