import type { ReactNode } from 'react';

/** A card's heading on the Analytics tab: its icon, its title, and a line on what it counts when it needs one. */
export function SectionTitle({ icon, title, hint }: { icon: ReactNode; title: string; hint?: string }) {
  const heading = (
    <h2 className={`${hint ? '' : 'mb-4 '}flex items-center gap-2 font-semibold [&_svg]:size-4 [&_svg]:text-primary`}>
      <span aria-hidden="true">{icon}</span>
      {title}
    </h2>
  );
  if (!hint) return heading;
  return (
    <div className="mb-4">
      {heading}
      <p className="mt-1 text-xs text-muted">{hint}</p>
    </div>
  );
}
