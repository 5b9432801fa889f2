import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { NAV_DROPDOWN_WIDTH_PX } from '#web/lib/constants.ts';
import { cn } from '#web/lib/utils.ts';
import type { NavMenuItem } from './nav-items.ts';

interface NavDropdownProps {
  label: string;
  items: readonly NavMenuItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Opens on click and closes on a second click, outside click or Escape (spec 001 §2). */
export function NavDropdown({ label, items, open, onOpenChange }: NavDropdownProps) {
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onOpenChange]);

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
        className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-zinc-300 transition-colors hover:text-white"
      >
        {label}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <div
          id={panelId}
          role="menu"
          aria-label={label}
          style={{ width: NAV_DROPDOWN_WIDTH_PX }}
          className="absolute left-1/2 top-full mt-3 grid -translate-x-1/2 grid-cols-2 gap-2 rounded-2xl border border-border bg-surface/95 p-3 shadow-2xl shadow-black/50 backdrop-blur-xl"
        >
          {items.map((item) => {
            const content = (
              <>
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                  <item.icon className="size-4" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-white">{item.label}</span>
                  <span className="mt-0.5 block text-xs text-muted">{item.description}</span>
                </span>
              </>
            );
            const className = 'flex items-start gap-3 rounded-xl p-3 transition-colors hover:bg-white/5';
            return item.external ? (
              <a key={item.to} role="menuitem" href={item.to} target="_blank" rel="noopener noreferrer" className={className}>
                {content}
              </a>
            ) : (
              <Link key={item.to} role="menuitem" to={item.to} className={className} onClick={() => onOpenChange(false)}>
                {content}
              </Link>
            );
          })}
        </div>
      )}
    </div>
  );
}
