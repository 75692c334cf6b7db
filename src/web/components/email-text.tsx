import { Fragment } from 'react';
import { cn } from '@web/lib/cn';

/**
 * An e-mail address that may wrap only after its @ and before its dots, so a
 * narrow column never cuts a word of it in two (`break-words` still breaks a
 * single part longer than the whole line).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
