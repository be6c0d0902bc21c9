import { AUTH_MESSAGES, LICENCE_MAX_BYTES, licenceHasAllowedExtension } from '@aduro/shared/auth';
import { useState, type ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { AuthFormValues } from '../utils/auth-form-values';

/**
 * The chosen licence file. The form holds only its name and size, which is what the schema checks;
 * the file itself is kept here until registration uploads it.
 */
export function useLicenceFile({ setValue, setError, clearErrors }: UseFormReturn<AuthFormValues>) {
  const [file, setFile] = useState<File | null>(null);
  // A file input cannot be emptied through React; a new key gives a fresh, empty one.
  const [inputKey, setInputKey] = useState(0);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (!chosen) {
      setValue('licensureDocument', undefined);
      return;
    }
    setValue('licensureDocument', { name: chosen.name, size: chosen.size });
    // Checked on selection so nobody waits for a 20 MB upload only to have it refused.
    if (chosen.size > LICENCE_MAX_BYTES) {
      setError('licensureDocument', { type: 'maxSize', message: AUTH_MESSAGES.licenceTooLarge });
      toast.error(AUTH_MESSAGES.licenceTooLargeToast, { id: 'licence-too-large' });
    } else if (!licenceHasAllowedExtension(chosen.name)) {
      setError('licensureDocument', { type: 'fileType', message: AUTH_MESSAGES.licenceType });
    } else {
      clearErrors('licensureDocument');
    }
  }

  /** Empties the input; the licensureDocument value is reset with the other supplier fields. */
  function clear() {
    setFile(null);
    setInputKey((key) => key + 1);
  }

  return { file, inputKey, onChange, clear };
}

export type LicenceFile = ReturnType<typeof useLicenceFile>;
