import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, FileUp, ScanFace, ShieldCheck, Store } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  RegisterFields,
  type Role,
} from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES, ROLE_LABELS } from '@shared/accounts/messages';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { webEnv } from '@web/config/env';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { ProvinceSelect } from '@web/components/province-select';
import { cn } from '@web/lib/cn';
import { registerAccount } from './api/auth-requests';
import { AuthCard } from './components/auth-card';
import { ProvinceMultiSelect } from '@web/components/province-multi-select';

type FormValues = Omit<RegisterFields, 'role' | 'province'> & {
  role: Role | '';
  province: string;
  shipping_provinces: string[];
};

const EMPTY: FormValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: '',
  companyName: '',
  adminSecretCode: '',
  province: '',
  shipping_provinces: [],
};

const ROLE_OPTIONS: { value: Role; icon: typeof Building2; hint: string }[] = [
  { value: 'company', icon: Building2, hint: 'Publica productos' },
  { value: 'seller', icon: Store, hint: 'Vende y gana comisiones' },
  { value: 'admin', icon: ShieldCheck, hint: 'Con código secreto' },
];

/** Empty optional fields travel as "not given", so the shared schema judges them correctly. */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const cleaned = {
    ...values,
    companyName: values.companyName || undefined,
    adminSecretCode: values.adminSecretCode || undefined,
    province: values.province || undefined,
    shipping_provinces: values.shipping_provinces.length ? values.shipping_provinces : undefined,
  };
  return (zodResolver(RegisterFields) as unknown as Resolver<FormValues>)(
    cleaned as FormValues,
    context,
    options,
  );
};

/** spec 01 §2 /register: sign-up as Empresa, Vendedor or Administrador. */
export function RegisterPage() {
  const navigate = useNavigate();
  const form = useForm<FormValues>({ resolver, defaultValues: EMPTY });
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { errors, isSubmitting } = form.formState;
  const role = form.watch('role');

  function chooseRole(next: Role) {
    // spec 01 §4: choosing an account type clears the conditional fields and the file.
    form.setValue('role', next, { shouldValidate: form.formState.isSubmitted });
    form.setValue('companyName', '');
    form.setValue('adminSecretCode', '');
    form.setValue('province', '');
    form.setValue('shipping_provinces', []);
    form.clearErrors(['companyName', 'adminSecretCode', 'province', 'shipping_provinces']);
    setDocument(null);
    setDocumentError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setDocumentError(undefined);
    if (!file) return setDocument(null);
    if (file.size > DOCUMENT_MAX_BYTES) {
      toast({
        title: ACCOUNT_MESSAGES.fileTooLargeTitle,
        description: ACCOUNT_MESSAGES.fileTooLargeDescription,
        variant: 'destructive',
      });
      event.target.value = '';
      return setDocument(null);
    }
    const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
    if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
      setDocumentError(ACCOUNT_MESSAGES.documentType);
      event.target.value = '';
      return setDocument(null);
    }
    setDocument(file);
  }

  function onInvalid(invalid: FieldErrors<FormValues>) {
    // spec 01 §5: these two arrive as a toast titled 'Error'.
    const message =
      invalid.role?.message ??
      (invalid.confirmPassword?.message === ACCOUNT_MESSAGES.passwordsDoNotMatch
        ? ACCOUNT_MESSAGES.passwordsDoNotMatch
        : undefined);
    if (message)
      toast({ title: ACCOUNT_MESSAGES.errorTitle, description: message, variant: 'destructive' });
    if (form.getValues('role') === 'seller' && !document) {
      setDocumentError(ACCOUNT_MESSAGES.documentRequired);
    }
  }

  async function submit(values: FormValues) {
    if (values.role === 'seller' && !document) {
      setDocumentError(ACCOUNT_MESSAGES.documentRequired);
      return;
    }
    // The resolver hands over the schema's output: trimmed, lower-cased, empty fields dropped.
    const fields = values as unknown as RegisterFields;
    try {
      await registerAccount(fields, values.role === 'seller' ? document : null);
      toast({
        title: ACCOUNT_MESSAGES.signUpSuccessTitle,
        description: ACCOUNT_MESSAGES.signUpSuccessDescription,
        variant: 'success',
      });
      navigate(paths.login);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const [field, message] of Object.entries(error.fields ?? {})) {
        if (field === 'document') setDocumentError(message);
        else if (field in EMPTY) form.setError(field as keyof FormValues, { message });
      }
      if (error.code === 'UPLOAD_FAILED') {
        toast({
          title: ACCOUNT_MESSAGES.uploadErrorTitle,
          description: error.message,
          variant: 'destructive',
        });
      } else if (error.code === 'FILE_TOO_LARGE') {
        toast({
          title: ACCOUNT_MESSAGES.fileTooLargeTitle,
          description: ACCOUNT_MESSAGES.fileTooLargeDescription,
          variant: 'destructive',
        });
      } else {
        toast({
          title: ACCOUNT_MESSAGES.signUpErrorTitle,
          description: error.message,
          variant: 'destructive',
        });
      }
    }
  }

  const err = (key: keyof FormValues) => errors[key]?.message;

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
      <form onSubmit={form.handleSubmit(submit, onInvalid)} noValidate className="space-y-5">
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

        <fieldset aria-describedby={err('role') ? 'register-role-error' : undefined}>
          <legend className="text-sm font-medium">Tipo de cuenta</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {ROLE_OPTIONS.map(({ value, icon: Icon, hint }) => {
              // The server says in its runtime config whether it takes admin sign-ups;
              // the option says so before anyone fills in the form.
              const closed = value === 'admin' && !webEnv.adminSignup;
              return (
                <label
                  key={value}
                  className={cn(
                    'flex items-center gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring sm:flex-col sm:text-center',
                    closed
                      ? 'cursor-not-allowed border-dashed border-input bg-muted/60'
                      : role === value
                        ? 'cursor-pointer border-primary bg-sky-50 ring-1 ring-primary'
                        : 'cursor-pointer border-input bg-white hover:bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    name="role"
                    value={value}
                    checked={role === value}
                    onChange={() => chooseRole(value)}
                    disabled={closed}
                    aria-describedby={closed ? 'register-admin-closed' : undefined}
                    className="sr-only"
                  />
                  <Icon
                    className={cn(
                      'size-5 shrink-0',
                      role === value ? 'text-primary' : 'text-muted-foreground',
                    )}
                    aria-hidden
                  />
                  <span>
                    <span className={cn('block font-semibold', closed && 'text-muted-foreground')}>
                      {ROLE_LABELS[value]}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {closed ? ACCOUNT_MESSAGES.adminSignupClosedHint : hint}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {webEnv.adminSignup ? null : (
            <p id="register-admin-closed" className="mt-2 text-xs text-muted-foreground">
              {ACCOUNT_MESSAGES.adminSignupDisabled}
            </p>
          )}
          {err('role') ? (
            <p
              id="register-role-error"
              role="alert"
              className="mt-1.5 text-sm font-medium text-destructive"
            >
              {err('role')}
            </p>
          ) : null}
        </fieldset>

        {role === 'company' ? (
          <>
            <FormField
              id="register-company"
              label="Nombre de la empresa"
              error={err('companyName')}
            >
              <Input
                {...describedBy('register-company', err('companyName'))}
                autoComplete="organization"
                {...form.register('companyName')}
              />
            </FormField>
            <div className="space-y-1.5">
              <p id="register-shipping-label" className="text-sm font-medium">
                Provincias a las que envías
              </p>
              <Controller
                control={form.control}
                name="shipping_provinces"
                render={({ field }) => (
                  <ProvinceMultiSelect
                    id="register-shipping"
                    value={field.value}
                    onChange={field.onChange}
                    invalid={Boolean(err('shipping_provinces'))}
                    describedBy={err('shipping_provinces') ? 'register-shipping-error' : undefined}
                  />
                )}
              />
              {err('shipping_provinces') ? (
                <p
                  id="register-shipping-error"
                  role="alert"
                  className="text-sm font-medium text-destructive"
                >
                  {err('shipping_provinces')}
                </p>
              ) : null}
            </div>
          </>
        ) : null}

        {role === 'seller' ? (
          <>
            <FormField id="register-province" label="Provincia" error={err('province')}>
              <ProvinceSelect
                {...describedBy('register-province', err('province'))}
                {...form.register('province')}
                placeholder="Selecciona tu provincia"
              />
            </FormField>
            <FormField
              id="register-document"
              label="Documento de identidad"
              error={documentError}
              hint="PDF, JPG o PNG, hasta 5MB."
            >
              <label
                htmlFor="register-document"
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border border-dashed bg-white p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  documentError ? 'border-destructive' : 'border-input hover:bg-muted',
                )}
              >
                <FileUp className="size-5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 truncate" title={document?.name}>
                  {document ? document.name : 'Elige un archivo'}
                </span>
                <input
                  ref={fileInput}
                  {...describedBy('register-document', documentError, 'PDF, JPG o PNG, hasta 5MB.')}
                  type="file"
                  accept={DOCUMENT_ACCEPT}
                  onChange={onFileChange}
                  className="sr-only"
                />
              </label>
            </FormField>
            <Button
              type="button"
              variant="outline"
              className="w-full"
              onClick={() => toast({ title: ACCOUNT_MESSAGES.faceIdNotImplemented })}
            >
              <ScanFace aria-hidden />
              Verificar identidad con Face ID
            </Button>
          </>
        ) : null}

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

        <FormField
          id="register-password"
          label="Contraseña"
          error={err('password')}
          hint="Entre 8 y 128 caracteres."
        >
          <Input
            {...describedBy('register-password', err('password'), 'Entre 8 y 128 caracteres.')}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
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
