import { toast } from 'sonner';
import { ContrastNote } from '#web/components/contrast-note.tsx';
import type { Customization, CustomizationUpdate } from '#shared/customization.ts';
import { GRADIENT_COLORS, type Link, SOLID_COLORS } from '#shared/links.ts';
import { countOf } from '#shared/counts.ts';
import { buttonFillsOf, checkButtonText, checkPageText } from '#profile/profile-contrast.ts';
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
  const links = useLinks(userId).data ?? [];
  const recolourLinks = useRecolourLinks(userId);
  const shown = links.filter((link) => link.isActive && !link.showAsIcon);
  const fills = buttonFillsOf(
    draft,
    shown.map((link) => link.color),
  );

  const recolour = (using: readonly Link[], color: string) => {
    const before = using.map((link) => ({ id: link.id, color: link.color }));
    return recolourLinks.run(
      using.map((link) => ({ id: link.id, color })),
      {
        onSuccess: () =>
          toast.success(`${countOf(using.length, 'link')} now ${color}`, {
            action: { label: 'Undo', onClick: () => void recolourLinks.run(before, { failure: 'Could not undo: try again.' }) },
            duration: 10_000,
          }),
      },
    );
  };

  return (
    <>
      {fills.map((fill) => {
        const check = checkButtonText(draft, fill);
        if (fill.kind === 'theme') {
          const label = fill.field === 'primaryColor' ? 'primary' : 'secondary';
          return (
            <ContrastNote
              key={fill.field}
              what={`Button text on the ${label} colour (gradient buttons)`}
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
          />
        );
      })}
    </>
  );
}
