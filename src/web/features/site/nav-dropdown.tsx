import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSiteAddress, useSiteWords } from '#web/lib/site-words.ts';
import { type NavMenuItem, communityLinkProps } from './nav-items.ts';

interface NavDropdownProps {
  label: string;
  items: readonly NavMenuItem[];
}

/**
 * Opens on click and closes on a second click, outside click or Escape (spec 001 §2):
 * a popover, which the browser opens, closes and keeps on top without script, so a
 * static page (site-page.ts) has the same menu as the app. It sits under its
 * button by anchor positioning (styles.css, .nav-popover).
 */
export function NavDropdown({ label, items }: NavDropdownProps) {
  const panelId = useId();
  const anchor = `--nav-${panelId.replace(/[^a-zA-Z0-9-]/g, '')}`;
  const t = useSiteWords();
  const addressOf = useSiteAddress();
  return (
    <>
      <button
        type="button"
        popoverTarget={panelId}
        style={{ anchorName: anchor }}
        className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-zinc-300 transition-colors hover:text-white [&:has(+:popover-open)_svg]:rotate-180"
      >
        {label}
        <ChevronDown className="size-4 transition-transform" aria-hidden="true" />
      </button>
      <div
        id={panelId}
        popover="auto"
        role="menu"
        aria-label={label}
        style={{ positionAnchor: anchor }}
        className="nav-popover grid-cols-2 gap-2 rounded-2xl border border-border bg-surface/95 p-3 text-white shadow-2xl shadow-black/50 backdrop-blur-xl open:grid"
        // A link followed inside the app leaves the page in place: the menu closes itself.
        onClick={(event) => {
          if ((event.target as Element).closest('a')) event.currentTarget.hidePopover();
        }}
      >
        {items.map((item) => {
          const content = (
            <>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                <item.icon className="size-4" aria-hidden="true" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-white">{t(item.label)}</span>
                <span className="mt-0.5 block text-xs text-muted">{t(item.description)}</span>
              </span>
            </>
          );
          const className = 'flex items-start gap-3 rounded-xl p-3 transition-colors hover:bg-white/5';
          return item.external ? (
            <a
              key={item.to}
              role="menuitem"
              href={item.to}
              target="_blank"
              rel="noopener noreferrer"
              className={className}
              {...communityLinkProps(item)}
            >
              {content}
            </a>
          ) : (
            <Link key={item.to} role="menuitem" to={addressOf(item.to)} className={className}>
              {content}
            </Link>
          );
        })}
      </div>
    </>
  );
}
