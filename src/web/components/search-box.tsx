import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';

/**
 * A search field that commits what was typed after a short pause (the address
 * changes once, not per key). A change from outside (clearing the filters,
 * going back) shows in the field.
 */
export function SearchBox({
  value,
  onCommit,
  label,
  placeholder,
  className,
}: {
  value: string;
  onCommit: (value: string) => void;
  label: string;
  placeholder: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = next;
      onCommit(next);
    }, 350);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
      />
    </div>
  );
}
