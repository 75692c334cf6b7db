import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { formatDateTime } from '@web/lib/format-time';
import { SUPPORT_PAGE_SIZE, useSupportMessages } from './api/get-support-messages';

/** Admin panel: the messages people sent from /support, newest first. */
export function AdminSupportPage() {
  const [offset, setOffset] = useState(0);
  const query = useSupportMessages(offset);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
        Mensajes de soporte
      </h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Lo que nos escribieron desde el formulario de contacto.
      </p>
      {query.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-6 text-destructive">
          {query.error.message}
        </p>
      ) : query.data.total === 0 ? (
        <Card className="mt-6 p-8 text-center text-muted-foreground">
          Todavía no llegó ningún mensaje.
        </Card>
      ) : (
        <>
          <ul className="mt-6 space-y-3">
            {query.data.messages.map((message) => (
              <li key={message.id}>
                <Card className="p-5">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <p className="font-semibold">{message.name}</p>
                    <time className="text-xs text-muted-foreground" dateTime={message.createdAt}>
                      {formatDateTime(message.createdAt)}
                    </time>
                  </div>
                  <a
                    href={`mailto:${message.email}`}
                    className="mt-0.5 inline-flex items-center gap-1.5 text-sm break-all text-primary hover:underline"
                  >
                    <Mail className="size-3.5" aria-hidden />
                    {message.email}
                  </a>
                  <p className="mt-3 text-sm whitespace-pre-line">{message.message}</p>
                </Card>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex items-center justify-between text-sm text-muted-foreground">
            <span>
              {offset + 1}–{offset + query.data.messages.length} de {query.data.total}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - SUPPORT_PAGE_SIZE))}
              >
                Anteriores
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + SUPPORT_PAGE_SIZE >= query.data.total}
                onClick={() => setOffset(offset + SUPPORT_PAGE_SIZE)}
              >
                Siguientes
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
