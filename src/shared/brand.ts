/** Product identity used by pages, e-mails and documents. */
export const BRAND = {
  name: 'VendeMás',
  initials: 'VM',
  tagline: 'La red de ventas para empresas argentinas',
  description:
    'VendeMás conecta empresas argentinas con vendedores independientes: links de pago por producto, comisiones claras, puntos y ranking, y un panel para cada rol.',
  supportEmail: 'soporte@vendemas.com.ar',
  /** International format without + or spaces, as wa.me expects. */
  whatsappNumber: '5491155550123',
  whatsappDisplay: '+54 9 11 5555-0123',
  social: {
    instagram: 'https://www.instagram.com/vendemas.ar',
    linkedin: 'https://www.linkedin.com/company/vendemas-ar',
    x: 'https://x.com/vendemas_ar',
  },
} as const;
