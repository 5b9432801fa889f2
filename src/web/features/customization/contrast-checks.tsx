import { ContrastNote } from '#web/components/contrast-note.tsx';
import type { Customization, CustomizationUpdate } from '#shared/customization.ts';
import { GRADIENT_COLORS, type Link, SOLID_COLORS, THEME_COLOR, linkBackground } from '#shared/links.ts';
import { countOf } from '#shared/counts.ts';
import { buttonFillsOf, buttonsTakeLinkColours, checkButtonText, checkPageText } from '#profile/profile-contrast.ts';
import { useLinks, useRecolourLinks } from '#web/features/links/use-links.ts';

// Customize's warnings when the page's text or its buttons' text fall below
// WCAG AA against what they sit on (issue 27), each with the nearest colour
// that passes, one click away.

/** The page's text, at the Text colour control. */
export function PageTextContrast({ draft, update }: { draft: Customization; update: (fields: CustomizationUpdate) => void }) {
  return (
    <ContrastNote what="Your page's text on its background" check={checkPageText(draft)} onFix={(textColor) => update({ textColor })} />
  );
}

function colourName(color: string): string {
  if (Object.hasOwn(SOLID_COLORS, color)) return color.charAt(0).toUpperCase() + color.slice(1);
  if (Object.hasOwn(GRADIENT_COLORS, color)) return `the ${color} gradient`;
  return color.toUpperCase();
}

/** The links shown as buttons, and a recolouring of some of them saved at once, with an undo. */
function useButtonLinks(userId: number) {
  const links = useLinks(userId).data ?? [];
  const recolourLinks = useRecolourLinks(userId);
  const recolour = (using: readonly Link[], color: string) => {
    const before = using.map((link) => ({ id: link.id, color: link.color }));
    return recolourLinks.run(
      using.map((link) => ({ id: link.id, color })),
      {
        success: {
          title: `${countOf(using.length, 'link')} now ${color === THEME_COLOR ? 'follow the theme' : color}`,
          undo: () => void recolourLinks.run(before, { failure: 'Could not undo: try again.' }),
        },
      },
    );
  };
  return { shown: links.filter((link) => link.isActive && !link.showAsIcon), recolour, isPending: recolourLinks.isPending };
}

/**
 * Beside the quick themes: links with a colour of their own keep it whatever
 * the theme (issue 51), said with one click to make them follow it.
 */
export function OwnColourLinks({ draft, userId }: { draft: Customization; userId: number }) {
  const { shown, recolour, isPending } = useButtonLinks(userId);
  const own = shown.filter((link) => link.color !== THEME_COLOR);
  if (own.length === 0 || !buttonsTakeLinkColours(draft)) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-surface-raised/40 px-3 py-2 text-sm">
      <p className="min-w-56 flex-1 text-zinc-300">
        {own.length === 1 ? '1 link has a colour of its own and keeps it' : `${own.length} links have a colour of their own and keep it`}{' '}
        whatever the theme.
      </p>
      <button
        type="button"
        disabled={isPending}
        onClick={() => void recolour(own, THEME_COLOR)}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm font-medium text-zinc-100 hover:border-primary/60"
      >
        <span
          className="size-4 rounded-full inset-ring inset-ring-zinc-100/35"
          style={{ background: linkBackground(THEME_COLOR, draft) }}
          aria-hidden="true"
        />
        {own.length === 1 ? 'Make it follow the theme' : 'Make them follow the theme'}
      </button>
    </div>
  );
}

/**
 * The buttons' text: with the gradient style, at the theme's colours (a fix
 * edits the draft); with the links' own colours, per colour in use (a fix
 * saves those links in the new colour at once, with an undo).
 */
export function ButtonTextContrast({
  draft,
  update,
  userId,
  themeLocked = false,
}: {
  draft: Customization;
  update: (fields: CustomizationUpdate) => void;
  userId: number;
  /** The plan keeps to the basic themes: the theme's colours are not changed here (the warning stays). */
  themeLocked?: boolean;
}) {
  const { shown, recolour } = useButtonLinks(userId);
  const fills = buttonFillsOf(
    draft,
    shown.map((link) => link.color),
  );

  // Links of their own colour that read badly can follow the theme instead, when its colours read.
  const themeReads = buttonFillsOf(draft, [THEME_COLOR]).every((fill) => checkButtonText(draft, fill)?.passes === true);

  return (
    <>
      {fills.map((fill) => {
        const check = checkButtonText(draft, fill);
        if (fill.kind === 'theme') {
          const label = fill.field === 'primaryColor' ? 'primary' : 'secondary';
          return (
            <ContrastNote
              key={fill.field}
              what={`Button text on the ${label} colour (${draft.buttonStyle === 'gradient' ? 'gradient buttons' : 'buttons that follow the theme'})`}
              check={check}
              fixLabel={`Make ${label}`}
              onFix={themeLocked ? undefined : (hex) => update({ [fill.field]: hex })}
            />
          );
        }
        if (fill.kind === 'style')
          return (
            <ContrastNote
              key="style"
              what={`Button text with the ${draft.swapBoxColors ? 'swapped colours' : `${draft.buttonStyle} style`}`}
              check={check}
            />
          );
        const using = shown.filter((link) => link.color === fill.color);
        return (
          <ContrastNote
            key={fill.color}
            what={`Button text on ${colourName(fill.color)} (${countOf(using.length, 'link')})`}
            check={check}
            fixLabel={using.length === 1 ? 'Recolour it' : 'Recolour them'}
            onFix={(hex) => void recolour(using, hex)}
            otherFix={
              themeReads
                ? {
                    label: using.length === 1 ? 'Make it follow the theme' : 'Make them follow the theme',
                    swatch: linkBackground(THEME_COLOR, draft),
                    apply: () => void recolour(using, THEME_COLOR),
                  }
                : undefined
            }
          />
        );
      })}
    </>
  );
}
