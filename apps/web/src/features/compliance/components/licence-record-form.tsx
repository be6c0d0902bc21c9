import {
  AUTH_MESSAGES,
  LICENCE_EXTENSIONS,
  LICENCE_MAX_BYTES,
  licenceHasAllowedExtension,
} from '@aduro/shared/auth';
import {
  COMPLIANCE_MESSAGES,
  LICENCE_KIND_LABELS,
  LICENCE_KINDS,
  licenceRecordFormSchema,
  type LicenceRecord,
  type LicenceRecordFormInput,
} from '@aduro/shared/compliance';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateLicenceRecord } from '../api/update-licence-record';

/** The form's values as the inputs hold them: every field a string, '' when blank. */
type LicenceFormValues = Required<{ [K in keyof LicenceRecordFormInput]: string }>;
type LicenceFormData = z.output<typeof licenceRecordFormSchema>;

// The cast only widens the schema's input (an enum for the kind) to the inputs' strings.
const licenceResolver = zodResolver(licenceRecordFormSchema) as unknown as Resolver<
  LicenceFormValues,
  unknown,
  LicenceFormData
>;

const TEXT_FIELDS = [
  'licenceKind',
  'licenceNumber',
  'licenceExpiresOn',
  'controlledAuthorisationNumber',
  'controlledAuthorisationExpiresOn',
] as const satisfies readonly FieldPath<LicenceFormValues>[];

function startingValues(record: LicenceRecord | null): LicenceFormValues {
  return {
    licenceKind: record?.kind ?? '',
    licenceNumber: record?.number ?? '',
    licenceExpiresOn: record?.expiresOn ?? '',
    controlledAuthorisationNumber: record?.controlledAuthorisation?.number ?? '',
    controlledAuthorisationExpiresOn: record?.controlledAuthorisation?.expiresOn ?? '',
  };
}

/** Why this file cannot be the licence document, checked on selection; null when it can. */
function fileProblem(file: File): string | null {
  if (file.size > LICENCE_MAX_BYTES) return AUTH_MESSAGES.licenceTooLarge;
  if (!licenceHasAllowedExtension(file.name)) return AUTH_MESSAGES.licenceType;
  return null;
}

/**
 * Submits or renews the buyer's licence (PUT /org/licence-record), validated by the same schema as
 * the route. A document is required until one is on file; after that a new one is optional. Any
 * change sends the licence back for review, which the form says before the buyer sends it.
 */
export function LicenceRecordForm({ orgId, record }: { orgId: string | null; record: LicenceRecord | null }) {
  const update = useUpdateLicenceRecord(orgId);
  const { register, handleSubmit, setError, formState, reset } = useForm<
    LicenceFormValues,
    unknown,
    LicenceFormData
  >({ defaultValues: startingValues(record), resolver: licenceResolver });
  const { errors } = formState;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  // A file input cannot be emptied through React; a new key gives a fresh, empty one.
  const [fileKey, setFileKey] = useState(0);
  const documentOnFile = record?.document ?? null;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setFileError(chosen ? (fileProblem(chosen) ?? undefined) : undefined);
  }

  /** The server's per-field messages (an expired date, a refused file) land under their fields. */
  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      if (field === 'licenceDocument') setFileError(message);
      else if ((TEXT_FIELDS as readonly string[]).includes(field))
        setError(field as FieldPath<LicenceFormValues>, { type: 'server', message });
    }
  }

  function onValid(values: LicenceFormData) {
    if (!file && !documentOnFile) {
      setFileError(COMPLIANCE_MESSAGES.licenceDocument);
      return;
    }
    if (fileError) return;
    update.mutate(
      { values, document: file },
      {
        onSuccess: (saved) => {
          reset(startingValues(saved));
          setFile(null);
          setFileKey((key) => key + 1);
        },
        onError: showServerFieldErrors,
      },
    );
  }

  return (
    <form
      noValidate
      aria-labelledby="licence-form-title"
      onSubmit={(event) => {
        // The document is checked with the fields, so every problem shows at once.
        if (!file && !documentOnFile) setFileError(COMPLIANCE_MESSAGES.licenceDocument);
        void handleSubmit(onValid)(event);
      }}
      className="space-y-5 px-5 py-5"
    >
      <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950 ring-1 ring-sky-200 ring-inset">
        {record
          ? 'Any change sends your licence back for review: until an administrator has checked it again, you can draft orders but not approve them.'
          : 'An administrator checks your licence before you can approve orders. You can draft orders meanwhile.'}
      </p>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="licenceKind" label="Licence kind" error={errors.licenceKind?.message}>
          {(aria) => (
            <Select {...aria} {...register('licenceKind')}>
              <option value="">Select the kind of licence</option>
              {LICENCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {LICENCE_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="licenceNumber"
          label="Licence number"
          error={errors.licenceNumber?.message}
          hint="As printed on the licence."
        >
          {(aria) => <Input {...aria} autoComplete="off" {...register('licenceNumber')} />}
        </FormField>
        <FormField id="licenceExpiresOn" label="Expiry date" error={errors.licenceExpiresOn?.message}>
          {(aria) => <Input {...aria} type="date" {...register('licenceExpiresOn')} />}
        </FormField>
        <FormField
          id="licenceDocument"
          label="Licence document"
          optional={documentOnFile !== null}
          error={fileError}
          hint={
            documentOnFile
              ? `PDF, PNG, JPG, DOC or DOCX, up to 20MB. Leave empty to keep ${documentOnFile.fileName}.`
              : 'PDF, PNG, JPG, DOC or DOCX, up to 20MB.'
          }
        >
          {(aria) => (
            <input
              {...aria}
              key={fileKey}
              type="file"
              accept={LICENCE_EXTENSIONS.join(',')}
              onChange={onFile}
              className={cn(
                'block w-full rounded-lg border bg-white text-sm text-slate-700 shadow-xs file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-200 file:bg-slate-50 file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100',
                fileError ? 'border-rose-500' : 'border-slate-300',
              )}
            />
          )}
        </FormField>
      </div>

      {/* The rule sits on a wrapper: on the fieldset itself the legend would be drawn into it. */}
      <div className="border-t border-slate-100 pt-4">
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">
            Controlled-drugs authorisation <span className="font-normal text-slate-600">(optional)</span>
          </legend>
          <p className="text-xs text-slate-600">
            Needed to buy narcotics, psychotropics and precursors. Give both the number and its expiry, or
            leave both empty.
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              id="controlledAuthorisationNumber"
              label="Authorisation number"
              error={errors.controlledAuthorisationNumber?.message}
            >
              {(aria) => (
                <Input {...aria} autoComplete="off" {...register('controlledAuthorisationNumber')} />
              )}
            </FormField>
            <FormField
              id="controlledAuthorisationExpiresOn"
              label="Authorisation expiry date"
              error={errors.controlledAuthorisationExpiresOn?.message}
            >
              {(aria) => <Input {...aria} type="date" {...register('controlledAuthorisationExpiresOn')} />}
            </FormField>
          </div>
        </fieldset>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
        {update.isPending && update.progress > 0 && update.progress < 100 && (
          <p className="text-xs text-slate-600" aria-live="polite">
            Uploading {update.progress}%
          </p>
        )}
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
          {record ? 'Send for review again' : 'Send for review'}
        </Button>
      </div>
    </form>
  );
}
