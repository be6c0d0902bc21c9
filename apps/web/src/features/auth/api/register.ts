import { authResponseSchema, type AuthResponse, type RegisterData } from '@aduro/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiUpload } from '../../../lib/api-client';
import { startSession } from './get-me';
import { authMutationKey } from './login';

/**
 * The multipart body of POST /auth/register (SPEC §3): supplier fields only for suppliers, one approvers
 * field each; for a buyer, its pharmacy licence when given (issue 32).
 */
export function toRegistrationFormData(
  data: RegisterData,
  licence: File | null,
  pharmacyLicence: File | null = null,
): FormData {
  const form = new FormData();
  form.append('email', data.email);
  form.append('password', data.password);
  form.append('name', data.name);
  form.append('userType', data.userType);
  const optional = {
    businessName: data.businessName,
    organizationPhone: data.organizationPhone,
    organizationLocation: data.organizationLocation,
  };
  for (const [key, value] of Object.entries(optional)) if (value) form.append(key, value);
  if (data.userType !== 'supplier') {
    const pharmacy = {
      licenceKind: data.licenceKind,
      licenceNumber: data.licenceNumber,
      licenceExpiresOn: data.licenceExpiresOn,
    };
    for (const [key, value] of Object.entries(pharmacy)) if (value) form.append(key, value);
    if (pharmacyLicence) form.append('licenceDocument', pharmacyLicence, pharmacyLicence.name);
    return form;
  }

  if (data.supplierCategory) form.append('supplierCategory', data.supplierCategory);
  if (licence) form.append('licensureDocument', licence, licence.name);
  const delivery = {
    deliveryAddress: data.deliveryAddress,
    deliveryContactName: data.deliveryContactName,
    deliveryContactPhone: data.deliveryContactPhone,
  };
  for (const [key, value] of Object.entries(delivery)) if (value) form.append(key, value);
  for (const approver of data.approvers) form.append('approvers', approver);
  return form;
}

/** POST /auth/register with upload progress. */
export function register(form: FormData, onProgress?: (percent: number) => void): Promise<AuthResponse> {
  return apiUpload('/auth/register', form, { schema: authResponseSchema, onProgress });
}

export interface RegisterVariables {
  data: RegisterData;
  licence: File | null;
  /** A buyer's pharmacy licence document, sent with its licence fields (issue 32). */
  pharmacyLicence?: File | null;
}

/** Creates the account and signs in; `progress` is the upload percent of the current attempt. */
export function useRegister() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationKey: [...authMutationKey, 'register'],
    mutationFn: async ({ data, licence, pharmacyLicence = null }: RegisterVariables) => {
      setProgress(0);
      const response = await register(toRegistrationFormData(data, licence, pharmacyLicence), setProgress);
      return startSession(queryClient, response.accessToken);
    },
    onSuccess: () => {
      toast.success('Welcome to Aduro');
    },
  });
  return { ...mutation, progress };
}
