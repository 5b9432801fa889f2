import type { CurrentUser } from '#shared/user.types.ts';
import { PageTransferCard } from '#web/features/account/page-transfer-card.tsx';
import { CustomDomainCard } from '#web/features/custom-domains/custom-domain-card.tsx';

/** The cards of the page itself on the Page & Team tab: its file for whoever edits it, its domain for its owner alone. */
export function PageCards({ user }: { user: CurrentUser }) {
  return (
    <>
      <PageTransferCard user={user} />
      {user.pageRole === 'owner' && <CustomDomainCard />}
    </>
  );
}
