import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import type { webEnv } from '@web/config/env';
import { RegisterPage } from './register-page';

/** The server's runtime config, as the page reads it (admin sign-up open or not). */
const runtime = vi.hoisted(() => ({ adminSignup: false }));
vi.mock('@web/config/env', async (importOriginal) => {
  const original = await importOriginal<{ webEnv: typeof webEnv }>();
  return {
    webEnv: {
      ...original.webEnv,
      get adminSignup() {
        return runtime.adminSignup;
      },
    },
  };
});

function renderRegister() {
  return render(
    <MemoryRouter initialEntries={['/register']}>
      <RegisterPage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  runtime.adminSignup = false;
});

describe('sign-up page', () => {
  it('offers no Administrador option when this server takes no admin sign-ups', () => {
    renderRegister();
    expect(screen.queryByRole('radio', { name: /Administrador/ })).toBeNull();
    expect(screen.queryByText('No disponible')).toBeNull();
    expect(screen.queryByLabelText('Código secreto de administrador')).toBeNull();
    // The other account types are unaffected.
    fireEvent.click(screen.getByText('Empresa'));
    expect(screen.getByRole('radio', { name: /Empresa/ })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('offers a seller no identity check that does nothing', () => {
    renderRegister();
    fireEvent.click(screen.getByText('Vendedor'));
    expect(screen.getByLabelText('Documento de identidad')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Face ID/ })).toBeNull();
  });

  it('offers Administrador with its secret code when the server takes admin sign-ups', () => {
    runtime.adminSignup = true;
    renderRegister();
    const admin = screen.getByRole('radio', { name: /Administrador/ });
    expect(admin).toBeEnabled();
    expect(screen.queryByText(ACCOUNT_MESSAGES.adminSignupDisabled)).toBeNull();
    fireEvent.click(screen.getByText('Administrador'));
    expect(admin).toBeChecked();
    expect(screen.getByLabelText('Código secreto de administrador')).toHaveAttribute(
      'type',
      'password',
    );
  });
});
