import { useMutation } from '@tanstack/react-query';
import { openFileInNewTab } from '../../../lib/download';

/** GET /org/licence-record/document, fetched with the buyer's token and shown in a new tab. */
export function openOwnLicenceDocument(): Promise<void> {
  return openFileInNewTab('/org/licence-record/document');
}

export function useOpenOwnLicenceDocument() {
  return useMutation({ mutationKey: ['licence-record', 'document'], mutationFn: openOwnLicenceDocument });
}
