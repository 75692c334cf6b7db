import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  RegisterFields,
  type Role,
} from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { judgePassword } from '@shared/accounts/password-policy';
import { toast } from '@web/components/ui/toast-store';
import { paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { registerAccount } from './api/auth-requests';

export type RegisterFormValues = Omit<RegisterFields, 'role' | 'province'> & {
  role: Role | '';
  province: string;
  shipping_provinces: string[];
};

const EMPTY: RegisterFormValues = {
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

/** Empty optional fields travel as "not given", so the shared schema judges them correctly. */
const resolver: Resolver<RegisterFormValues> = async (values, context, options) => {
  const cleaned = {
    ...values,
    companyName: values.companyName || undefined,
    adminSecretCode: values.adminSecretCode || undefined,
    province: values.province || undefined,
    shipping_provinces: values.shipping_provinces.length ? values.shipping_provinces : undefined,
  };
  return (zodResolver(RegisterFields) as unknown as Resolver<RegisterFormValues>)(
    cleaned as RegisterFormValues,
    context,
    options,
  );
};

/**
 * The sign-up form's state: the fields, the seller's identity document, and
 * what choosing a role, picking a file and submitting do.
 */
export function useRegisterForm() {
  const navigate = useNavigate();
  const form = useForm<RegisterFormValues>({ resolver, defaultValues: EMPTY });
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

  function onInvalid(invalid: FieldErrors<RegisterFormValues>) {
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

  async function submit(values: RegisterFormValues) {
    if (values.role === 'seller' && !document) {
      setDocumentError(ACCOUNT_MESSAGES.documentRequired);
      return;
    }
    // The resolver hands over the schema's output: trimmed, lower-cased, empty fields dropped.
    const fields = values as unknown as RegisterFields;
    // The server's password rule, checked here first (it loads with the meter); the server has the last word.
    const verdict = await judgePassword(fields.password, {
      email: fields.email,
      name: fields.name,
    }).catch(() => null);
    if (verdict?.message) {
      form.setError('password', { message: verdict.message }, { shouldFocus: true });
      return;
    }
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
        else if (field in EMPTY) form.setError(field as keyof RegisterFormValues, { message });
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

  const err = (key: keyof RegisterFormValues) => errors[key]?.message;

  return {
    form,
    role,
    isSubmitting,
    err,
    document,
    documentError,
    fileInput,
    chooseRole,
    onFileChange,
    onSubmit: form.handleSubmit(submit, onInvalid),
  };
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;
