/** Product identity used by pages, e-mails and documents. */
export const BRAND = {
  name: 'VendeMás',
  initials: 'VM',
  tagline: 'La red de ventas para empresas argentinas',
  description:
    'VendeMás conecta empresas argentinas con vendedores independientes: links de pago por producto, comisiones claras, puntos y ranking, y un panel para cada rol.',
  /** Default support address; SUPPORT_EMAIL overrides it on the pages. */
  supportEmail: 'soporte@vendemas.com.ar',
  social: {
    instagram: 'https://www.instagram.com/vendemas.ar',
    linkedin: 'https://www.linkedin.com/company/vendemas-ar',
    x: 'https://x.com/vendemas_ar',
  },
} as const;
