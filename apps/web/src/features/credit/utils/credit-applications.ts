import type { CreditApplication } from '@aduro/shared/credit';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { countText, pageItems } from '../../../lib/pages';

/** '1 application', '1,204 applications': every one the filter matches, not only those loaded. */
export const applicationCountText = (total: number): string => countText(total, 'application');

/** The applications of the pages read so far; one seen twice (a decision moving it between pages) shows once. */
export function applicationsOf(data: InfiniteData<Page<CreditApplication>> | undefined): CreditApplication[] {
  return pageItems(data);
}
