import {
  API_KEY_SCOPE_DESCRIPTIONS,
  API_KEY_SCOPES,
  createApiKeySchema,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@aduro/shared/api-keys';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';
import { RevealedKey } from './revealed-key';

interface CreateApiKeyDialogProps {
  orgId: string;
  open: boolean;
  onClose: () => void;
}

type Errors = Partial<Record<'name' | 'scopes', string>>;

/**
 * Name and scopes, checked by the same schema as POST /org/api-keys; once created, the same dialog shows
 * the key, the one time it can be seen, until the Admin closes it.
 */
export function CreateApiKeyDialog({ orgId, open, onClose }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey(orgId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  function close() {
    if (create.isPending) return;
    setName('');
    setScopes([]);
    setErrors({});
    setCreated(null);
    create.reset();
    onClose();
  }

  function toggle(scope: ApiKeyScope, checked: boolean) {
    const next = checked ? [...scopes, scope] : scopes.filter((s) => s !== scope);
    // Kept in the list's order so the request reads the way the boxes do.
    setScopes(API_KEY_SCOPES.filter((s) => next.includes(s)));
    setErrors((e) => ({ ...e, scopes: undefined }));
  }

  function submit() {
    const parsed = createApiKeySchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'scopes') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: setCreated,
      onError: (error) => {
        // The taken name is the one thing to change: its message goes under the field as well.
        if (error instanceof ApiError && error.fieldErrors?.name?.[0])
          setErrors({ name: error.fieldErrors.name[0] });
      },
    });
  }

  if (created) {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => !next && close()}
        title={`Key “${created.apiKey.name}” created`}
        description="Copy it into the system that will use it now."
        footer={<Button onClick={close}>Done</Button>}
      >
        <RevealedKey value={created.key} />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Create API key"
      description="A key lets one of your systems (an ERP, a stock system) call Aduro for your organisation, within the scopes you tick."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="create-api-key-form" loading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <form
        id="create-api-key-form"
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          id="api-key-name"
          label="Name"
          error={errors.name}
          hint="Say what uses it, so the activity trail reads well: “ERP nightly sync”."
        >
          {(aria) => (
            <Input
              {...aria}
              aria-invalid={errors.name ? true : undefined}
              autoComplete="off"
              maxLength={120}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors((e) => ({ ...e, name: undefined }));
              }}
            />
          )}
        </FormField>
        <fieldset aria-invalid={errors.scopes ? true : undefined} aria-describedby="api-key-scopes-error">
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          <p className="mt-1 text-xs text-slate-500">Give only what the system needs.</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                id={`api-key-scope-${scope.replace(':', '-')}`}
                variant="tile"
                label={<span className="font-mono text-[0.8125rem]">{scope}</span>}
                description={API_KEY_SCOPE_DESCRIPTIONS[scope]}
                checked={scopes.includes(scope)}
                onCheckedChange={(checked) => toggle(scope, checked)}
              />
            ))}
          </div>
          {errors.scopes && (
            <p id="api-key-scopes-error" role="alert" className="mt-2 text-xs font-medium text-rose-700">
              {errors.scopes}
            </p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
