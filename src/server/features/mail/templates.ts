import { BRAND } from '@shared/brand';
import { escapeHtml } from '../../lib/html';

export interface ActionMail {
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message (an authorized invoice's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A branded message with one call to action (and optional facts), in HTML and plain text. */
export function actionMail(input: {
  subject: string;
  greetingName: string;
  intro: string;
  /** Label and value rows shown as a table (an order's product, amount, reference…). */
  details?: [string, string][];
  action: string;
  url: string;
  outro: string;
}): ActionMail {
  const details = input.details ?? [];
  const text = [
    `Hola, ${input.greetingName}:`,
    '',
    input.intro,
    '',
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    `${input.action}: ${input.url}`,
    '',
    input.outro,
    '',
    `— El equipo de ${BRAND.name}`,
    BRAND.supportEmail,
  ].join('\n');

  const html = `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#0369a1;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:800">Vende<span style="color:#fbbf24">Más</span></td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 12px;font-size:16px">Hola, ${escapeHtml(input.greetingName)}:</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.6">${escapeHtml(input.intro)}</p>
${
  details.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;font-size:14px;border-collapse:collapse">${details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;color:#475569;border-bottom:1px solid #e2e8f0">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;font-weight:600;border-bottom:1px solid #e2e8f0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
<p style="margin:0 0 24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#0369a1;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 22px;border-radius:10px">${escapeHtml(input.action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#475569">Si el botón no funciona, copia este enlace en tu navegador:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(input.url)}" style="color:#0369a1">${escapeHtml(input.url)}</a></p>
<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(input.outro)}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;font-size:12px;color:#64748b">${escapeHtml(BRAND.name)} · ${escapeHtml(BRAND.tagline)} · ${escapeHtml(BRAND.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;

  return { subject: input.subject, html, text };
}

export function verificationMail(name: string, url: string): ActionMail {
  return actionMail({
    subject: `Confirma tu cuenta de ${BRAND.name}`,
    greetingName: name,
    intro: `Gracias por registrarte en ${BRAND.name}. Para activar tu cuenta, confirma tu correo electrónico.`,
    action: 'Confirmar mi cuenta',
    url,
    outro: 'El enlace vence en 24 horas. Si no creaste esta cuenta, puedes ignorar este correo.',
  });
}

export function passwordResetMail(name: string, url: string): ActionMail {
  return actionMail({
    subject: `Restablece tu contraseña de ${BRAND.name}`,
    greetingName: name,
    intro: 'Recibimos un pedido para restablecer la contraseña de tu cuenta.',
    action: 'Elegir una nueva contraseña',
    url,
    outro:
      'El enlace vence en 1 hora. Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  });
}

export function accountExistsMail(name: string, loginUrl: string): ActionMail {
  return actionMail({
    subject: `Ya tienes una cuenta en ${BRAND.name}`,
    greetingName: name,
    intro: `Alguien intentó crear una cuenta nueva con este correo, pero ya tienes una en ${BRAND.name}. Si fuiste tú, inicia sesión; si no recuerdas la contraseña, puedes restablecerla desde la pantalla de inicio de sesión.`,
    action: 'Iniciar sesión',
    url: loginUrl,
    outro: 'Si no fuiste tú, puedes ignorar este correo: tu cuenta no cambió.',
  });
}

/** Sign-in locked after too many wrong passwords (features/sign-in-protection), with a way back in. */
export function accountLockedMail(
  name: string,
  url: string,
  lock: { failures: number; minutes: number; until: string },
): ActionMail {
  return actionMail({
    subject: `Bloqueamos el inicio de sesión en tu cuenta de ${BRAND.name}`,
    greetingName: name,
    intro: `Alguien escribió mal la contraseña de tu cuenta ${lock.failures} veces seguidas, así que por seguridad bloqueamos el inicio de sesión por ${lock.minutes} minutos. Si fuiste tú y no la recuerdas, elige una nueva con el botón: al guardarla, el bloqueo se levanta.`,
    details: [
      ['Intentos fallidos', String(lock.failures)],
      ['Bloqueado hasta', lock.until],
    ],
    action: 'Elegir una nueva contraseña',
    url,
    outro:
      'Si no fuiste tú, alguien intenta adivinar tu contraseña: cámbiala por una que no uses en otros sitios. El enlace vence en 1 hora.',
  });
}
