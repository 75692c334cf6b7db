import { Instagram, Linkedin, Twitter } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { LANDING_LABELS } from '@shared/messages';
import { BrandLogo } from '@web/components/brand-logo';
import { paths } from '@web/config/paths';

const socialLinks = [
  { href: BRAND.social.instagram, label: 'Instagram', Icon: Instagram },
  { href: BRAND.social.linkedin, label: 'LinkedIn', Icon: Linkedin },
  { href: BRAND.social.x, label: 'X (Twitter)', Icon: Twitter },
];

/** spec 01 §2 /: terms, support, social links and the current year. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-dark text-sky-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[1.5fr_1fr_1fr] sm:px-6">
        <div className="space-y-3">
          <BrandLogo inverted />
          <p className="max-w-xs text-sm text-sky-200">{BRAND.tagline}.</p>
        </div>
        <nav aria-label="Legal y ayuda" className="space-y-2 text-sm">
          <p className="font-semibold text-white">Ayuda</p>
          <ul className="space-y-2">
            <li>
              <Link className="hover:text-white hover:underline" to={paths.terms}>
                {LANDING_LABELS.terms}
              </Link>
            </li>
            <li>
              <Link className="hover:text-white hover:underline" to={paths.support}>
                {LANDING_LABELS.support}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-white">Síguenos</p>
          <ul className="flex gap-2">
            {socialLinks.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                >
                  <Icon className="size-5" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-sky-200 sm:px-6">
          © {year} {BRAND.name}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  );
}
