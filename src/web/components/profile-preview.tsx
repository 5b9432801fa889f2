import type { Customization } from '#shared/customization.ts';
import type { PageItem } from '#shared/blocks.ts';
import { toPublicProfile } from '#shared/public-profile.ts';
import { DEFAULT_PLAN_LIMITS } from '#shared/plans.ts';
import { useSiteFeatures } from '#web/lib/use-site-features.ts';
import type { CurrentUser } from '#shared/user.types.ts';
import { ProfileView } from '#profile/profile-view.tsx';
import { useWords } from '#web/lib/words.ts';
import { FontStylesheet } from './font-stylesheet.tsx';

interface ProfilePreviewProps {
  user: CurrentUser;
  /** The page's links and blocks, in order. */
  items: PageItem[];
  /** The saved look, or the one being edited; the defaults until it has loaded. */
  customization?: Customization;
  caption?: string;
  /** The page's total view count (from the analytics call), shown as the page shows it. */
  views?: number;
}

/**
 * The public page as visitors will see it: the same toPublicProfile mapping and
 * the same ProfileView the server renders, in the page's language, so the preview and the page cannot differ.
 */
export function ProfilePreview({ user, items, customization, caption = 'Live preview', views }: ProfilePreviewProps) {
  // As the page: links past the plan's limit are left off (issue 33).
  const planLimits = (useSiteFeatures()?.planLimits ?? DEFAULT_PLAN_LIMITS)[user.plan];
  // In the language the page speaks (issue 54), as visitors read it.
  const page = toPublicProfile({ ...user, pageLanguage: user.pageSpeaks, views, planLimits }, items, customization);
  const t = useWords('page', page.profile.language);
  return (
    <div className="lg:sticky lg:top-24">
      <FontStylesheet font={page.customization.font} />
      <p className="mb-3 text-center text-xs font-semibold uppercase tracking-wider text-muted">{caption}</p>
      <div
        className="mx-auto h-[640px] w-full max-w-[320px] overflow-y-auto rounded-[2.5rem] border-[10px] border-zinc-800 shadow-2xl shadow-primary/20"
        data-testid="profile-preview"
      >
        <ProfileView page={page} hrefOf={(link) => link.url} embedded t={t} />
      </div>
    </div>
  );
}
