import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SUPPORT_MESSAGES } from '@shared/messages';
import { SupportMessageBody } from '@shared/support/support.schema';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { toast, toastError } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { useSendSupportMessage } from './api/send-support-message';

const EMPTY: SupportMessageBody = { name: '', email: '', message: '' };

/** spec 01 §2 /support: validated on submit with the server's schema, then really delivered. */
export function SupportForm() {
  const form = useForm<SupportMessageBody>({
    resolver: zodResolver(SupportMessageBody),
    defaultValues: EMPTY,
  });
  const send = useSendSupportMessage();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({
        title: SUPPORT_MESSAGES.sentTitle,
        description: SUPPORT_MESSAGES.sentDescription,
        variant: 'success',
      });
      form.reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in EMPTY) form.setError(field as keyof SupportMessageBody, { message });
        }
      }
      toastError(SUPPORT_MESSAGES.failedTitle, error);
    }
  });

  const sending = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Formulario de contacto">
      <FormField id="support-name" label="Nombre" error={errors.name?.message}>
        <Input
          {...describedBy('support-name', errors.name?.message)}
          autoComplete="name"
          placeholder="Tu nombre"
          {...form.register('name')}
        />
      </FormField>
      <FormField id="support-email" label="Correo electrónico" error={errors.email?.message}>
        <Input
          {...describedBy('support-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          placeholder="tu@correo.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField id="support-message" label="Mensaje" error={errors.message?.message}>
        <Textarea
          {...describedBy('support-message', errors.message?.message)}
          placeholder="Cuéntanos en qué te podemos ayudar"
          rows={5}
          {...form.register('message')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={sending}>
        {sending ? SUPPORT_MESSAGES.sending : 'Enviar mensaje'}
      </Button>
    </form>
  );
}
