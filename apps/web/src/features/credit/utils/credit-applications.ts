import type { CreditApplication } from '@aduro/shared/credit';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { formatUnits } from '../../../lib/format';

/** '1 application', '1,204 applications': every one the filter matches, not only those loaded. */
export function applicationCountText(total: number): string {
  return total === 1 ? '1 application' : `${formatUnits(total)} applications`;
}

/** The applications of the pages read so far; one seen twice (a decision moving it between pages) shows once. */
export function applicationsOf(data: InfiniteData<Page<CreditApplication>> | undefined): CreditApplication[] {
  const seen = new Set<string>();
  return (data?.pages.flatMap((page) => page.items) ?? []).filter((application) => {
    if (seen.has(application.id)) return false;
    seen.add(application.id);
    return true;
  });
}
