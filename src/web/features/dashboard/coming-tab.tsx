import { Construction } from 'lucide-react';
import { Card } from '#web/components/ui/card.tsx';

/** An honest empty state for a tab whose feature has not shipped yet. */
export function ComingTab({ title, text }: { title: string; text: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-10 text-primary" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted">{text}</p>
    </Card>
  );
}
