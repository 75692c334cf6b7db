import { FileUp, ScanFace } from 'lucide-react';
import { DOCUMENT_ACCEPT } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ProvinceSelect } from '@web/components/province-select';
import { Button } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { toast } from '@web/components/ui/toast-store';
import { cn } from '@web/lib/cn';
import type { RegisterForm } from '../use-register-form';

/** A seller's own fields: the province, the identity document and the Face ID check. */
export function SellerFields({
  registration: { form, err, document, documentError, fileInput, onFileChange },
}: {
  registration: RegisterForm;
}) {
  return (
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
  );
}
