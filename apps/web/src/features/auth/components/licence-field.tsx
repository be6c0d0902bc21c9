import { LICENCE_EXTENSIONS } from '@aduro/shared/auth';
import { cn } from '../../../components/ui/cn';
import { FormField } from '../../../components/ui/form-field';
import type { LicenceFile } from '../hooks/use-licence-file';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface LicenceFieldProps {
  licence: LicenceFile;
  error: string | undefined;
  /** The supplier's licensure document unless told otherwise. */
  id?: string;
  label?: string;
  optional?: boolean;
}

export function LicenceField({
  licence,
  error,
  id = 'licensureDocument',
  label = 'Licensure document',
  optional,
}: LicenceFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      optional={optional}
      error={error}
      hint={`PDF, PNG, JPG, DOC or DOCX, up to 20MB.`}
    >
      {(aria) => (
        <div className="space-y-1.5">
          <input
            {...aria}
            key={licence.inputKey}
            type="file"
            accept={LICENCE_EXTENSIONS.join(',')}
            onChange={licence.onChange}
            className={cn(
              'block w-full rounded-lg border bg-white text-sm text-slate-700 shadow-xs file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-slate-200 file:bg-slate-50 file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100',
              error ? 'border-rose-500' : 'border-slate-300',
            )}
          />
          {licence.file && (
            <p className="text-xs text-slate-600">
              Selected: <span className="font-medium">{licence.file.name}</span> (
              {formatBytes(licence.file.size)})
            </p>
          )}
        </div>
      )}
    </FormField>
  );
}
