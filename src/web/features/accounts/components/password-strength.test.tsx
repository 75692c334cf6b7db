import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, PASSWORD_STRENGTH_LABELS } from '@shared/accounts/messages';
import { PasswordStrength } from './password-strength';

const strengthText = () => document.getElementById('clave-strength');

describe('the password strength meter', () => {
  it('advises before anything is typed, without loading zxcvbn', () => {
    render(<PasswordStrength id="clave" password="" />);
    expect(strengthText()).toHaveTextContent(/al menos 8 caracteres/);
  });

  it('says a common password is refused, and why', async () => {
    render(<PasswordStrength id="clave" password="12345678" />);
    expect(
      await screen.findByText(ACCOUNT_MESSAGES.passwordCommon, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(strengthText()).toHaveTextContent(PASSWORD_STRENGTH_LABELS[0]);
  });

  it("refuses the e-mail's name in the password, as the server does", async () => {
    render(<PasswordStrength id="clave" password="juanperez2026!" email="juanperez@example.com" />);
    expect(
      await screen.findByText(
        new RegExp(ACCOUNT_MESSAGES.passwordContainsEmailName('juanperez').slice(0, 40)),
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('calls a long phrase of unrelated words good', async () => {
    render(<PasswordStrength id="clave" password="Mate-Cocido-Tarde-47" email="ana@example.com" />);
    expect(
      await screen.findByText(/Buena contraseña/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(strengthText()?.textContent).toMatch(
      new RegExp(`^(${PASSWORD_STRENGTH_LABELS[3]}|${PASSWORD_STRENGTH_LABELS[4]})\\.`),
    );
  });

  it('keeps to its bars and step when the form shows the refusal as the field error', async () => {
    render(<PasswordStrength id="clave" password="12345678" quiet />);
    await screen.findByText(PASSWORD_STRENGTH_LABELS[0], {}, { timeout: 10_000 });
    expect(strengthText()).toHaveTextContent(new RegExp(`^${PASSWORD_STRENGTH_LABELS[0]}$`));
  });
});
