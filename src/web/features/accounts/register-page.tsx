import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { paths } from '@web/config/paths';
import { AuthCard } from './components/auth-card';
import { CompanyFields } from './components/company-fields';
import { PasswordStrength } from './components/password-strength';
import { RolePicker } from './components/role-picker';
import { SellerFields } from './components/seller-fields';
import { useRegisterForm } from './use-register-form';

/** spec 01 §2 /register: sign-up as Empresa, Vendedor or Administrador. */
export function RegisterPage() {
  const registration = useRegisterForm();
  const { form, role, isSubmitting, err } = registration;
  const [password, email, name] = form.watch(['password', 'email', 'name']);

  return (
    <AuthCard
      wide
      title="Crear cuenta"
      description="Regístrate gratis como empresa o vendedor."
      back={{ to: paths.home, label: 'Volver al inicio' }}
      footer={
        <>
          ¿Ya tienes cuenta?{' '}
          <Link to={paths.login} className="font-semibold text-primary hover:underline">
            Inicia sesión
          </Link>
        </>
      }
    >
      <form onSubmit={registration.onSubmit} noValidate className="space-y-5">
        <FormField id="register-name" label="Nombre completo" error={err('name')}>
          <Input
            {...describedBy('register-name', err('name'))}
            autoComplete="name"
            {...form.register('name')}
          />
        </FormField>
        <FormField id="register-email" label="Correo electrónico" error={err('email')}>
          <Input
            {...describedBy('register-email', err('email'))}
            type="email"
            autoComplete="email"
            placeholder="tu@correo.com"
            {...form.register('email')}
          />
        </FormField>

        <RolePicker role={role} error={err('role')} onChoose={registration.chooseRole} />

        {role === 'company' ? <CompanyFields registration={registration} /> : null}

        {role === 'seller' ? <SellerFields registration={registration} /> : null}

        {role === 'admin' ? (
          <FormField
            id="register-admin-code"
            label="Código secreto de administrador"
            error={err('adminSecretCode')}
          >
            <Input
              {...describedBy('register-admin-code', err('adminSecretCode'))}
              type="password"
              autoComplete="off"
              {...form.register('adminSecretCode')}
            />
          </FormField>
        ) : null}

        <FormField id="register-password" label="Contraseña" error={err('password')}>
          <Input
            {...describedBy('register-password', err('password'))}
            aria-describedby={
              err('password') ? 'register-password-error' : 'register-password-strength'
            }
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
          <PasswordStrength
            id="register-password"
            password={password ?? ''}
            email={email}
            name={name}
            quiet={Boolean(err('password'))}
          />
        </FormField>
        <FormField
          id="register-confirm"
          label="Confirmar contraseña"
          error={err('confirmPassword')}
        >
          <Input
            {...describedBy('register-confirm', err('confirmPassword'))}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>

        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? ACCOUNT_MESSAGES.creatingAccount : 'Crear cuenta'}
        </Button>
      </form>
    </AuthCard>
  );
}
