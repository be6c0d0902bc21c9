import {
  COMPLIANCE_MESSAGES,
  myLicenceRecordSchema,
  type LicenceRecord,
  type LicenceRecordFormInput,
} from '@aduro/shared/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiUpload } from '../../../lib/api-client';
import { licenceRecordQueryKey } from './get-licence-record';

/** The multipart body of PUT /org/licence-record; blank optional fields are left out. */
export function toLicenceRecordFormData(values: LicenceRecordFormInput, document: File | null): FormData {
  const form = new FormData();
  form.append('licenceKind', values.licenceKind);
  form.append('licenceNumber', values.licenceNumber.trim());
  form.append('licenceExpiresOn', values.licenceExpiresOn.trim());
  const number = values.controlledAuthorisationNumber?.trim();
  const expiresOn = values.controlledAuthorisationExpiresOn?.trim();
  if (number) form.append('controlledAuthorisationNumber', number);
  if (expiresOn) form.append('controlledAuthorisationExpiresOn', expiresOn);
  if (document) form.append('licenceDocument', document, document.name);
  return form;
}

/** PUT /org/licence-record: submits or renews the licence; any change sends it back for review. */
export async function updateLicenceRecord(
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<LicenceRecord | null> {
  const { record } = await apiUpload('/org/licence-record', form, {
    method: 'PUT',
    schema: myLicenceRecordSchema,
    onProgress,
  });
  return record;
}

export interface UpdateLicenceRecordVariables {
  values: LicenceRecordFormInput;
  document: File | null;
}

/**
 * Submits the licence and keeps the answer. A record back under review changes what the buyer may
 * release, so every offer's mark (matches, catalogues, cart, orders awaiting approval) is asked again.
 */
export function useUpdateLicenceRecord(orgId: string | null) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationKey: ['licence-record', orgId, 'update'],
    mutationFn: ({ values, document }: UpdateLicenceRecordVariables) => {
      setProgress(0);
      return updateLicenceRecord(toLicenceRecordFormData(values, document), setProgress);
    },
    onSuccess: (record) => {
      queryClient.setQueryData(licenceRecordQueryKey(orgId), record);
      for (const prefix of ['supplier-matches', 'suppliers', 'cart', 'orders'])
        void queryClient.invalidateQueries({ queryKey: [prefix] });
      toast.success(COMPLIANCE_MESSAGES.licenceSubmitted, { id: 'licence-submitted' });
    },
  });
  return { ...mutation, progress };
}
