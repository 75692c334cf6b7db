import { Plus } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** The head of an Integraciones card: its title, what it is for, and the button that adds one. */
export function IntegrationCardHeader({
  id,
  title,
  intro,
  addLabel,
  onAdd,
}: {
  /** The title's id, which names the card (`aria-labelledby`). */
  id: string;
  title: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 sm:flex-1">
        <h2 id={id} className="text-lg font-bold text-brand-dark">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{intro}</p>
      </div>
      <Button className="self-start" onClick={onAdd}>
        <Plus aria-hidden />
        {addLabel}
      </Button>
    </div>
  );
}
