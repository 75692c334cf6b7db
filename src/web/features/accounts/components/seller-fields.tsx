import { FileUp } from 'lucide-react';
import { DOCUMENT_ACCEPT } from '@shared/accounts/accounts.schema';
import { ProvinceSelect } from '@web/components/province-select';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { cn } from '@web/lib/cn';
import type { RegisterForm } from '../use-register-form';

/** A seller's own fields: the province and the identity document. */
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
        hint="PDF, JPG o PNG, hasta 5 MB."
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
            {...describedBy('register-document', documentError, 'PDF, JPG o PNG, hasta 5 MB.')}
            type="file"
            accept={DOCUMENT_ACCEPT}
            onChange={onFileChange}
            className="sr-only"
          />
        </label>
      </FormField>
    </>
  );
}
