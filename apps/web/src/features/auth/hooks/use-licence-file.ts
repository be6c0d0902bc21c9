import { AUTH_MESSAGES, LICENCE_MAX_BYTES, licenceHasAllowedExtension } from '@aduro/shared/auth';
import { useState, type ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { AuthFormValues } from '../utils/auth-form-values';

/** The form's file fields: a supplier's licensure document, a buyer's pharmacy licence (issue 32). */
export type LicenceFileField = 'licensureDocument' | 'licenceDocument';

/**
 * The chosen licence file. The form holds only its name and size, which is what the schema checks;
 * the file itself is kept here until registration uploads it.
 */
export function useLicenceFile(
  { setValue, setError, clearErrors }: UseFormReturn<AuthFormValues>,
  field: LicenceFileField = 'licensureDocument',
) {
  const [file, setFile] = useState<File | null>(null);
  // A file input cannot be emptied through React; a new key gives a fresh, empty one.
  const [inputKey, setInputKey] = useState(0);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (!chosen) {
      setValue(field, undefined);
      return;
    }
    setValue(field, { name: chosen.name, size: chosen.size });
    // Checked on selection so nobody waits for a 20 MB upload only to have it refused.
    if (chosen.size > LICENCE_MAX_BYTES) {
      setError(field, { type: 'maxSize', message: AUTH_MESSAGES.licenceTooLarge });
      // The toast names the supplier's licensure document; the buyer's field says it under itself.
      if (field === 'licensureDocument')
        toast.error(AUTH_MESSAGES.licenceTooLargeToast, { id: 'licence-too-large' });
    } else if (!licenceHasAllowedExtension(chosen.name)) {
      setError(field, { type: 'fileType', message: AUTH_MESSAGES.licenceType });
    } else {
      clearErrors(field);
    }
  }

  /** Empties the input; the field's value is reset with the other fields of its account type. */
  function clear() {
    setFile(null);
    setInputKey((key) => key + 1);
  }

  return { file, inputKey, onChange, clear };
}

export type LicenceFile = ReturnType<typeof useLicenceFile>;
