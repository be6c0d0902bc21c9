import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { DIRECT_PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '@aduro/shared/payments';
import {
  supplierSettingsSchema,
  type SupplierSettings,
  type SupplierSettingsInput,
} from '@aduro/shared/suppliers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { ApiError } from '../../../lib/api-client';
import { supplierSettingsQueryOptions } from '../api/get-supplier-settings';
import { useUpdateSupplierSettings } from '../api/update-supplier-settings';

type DirectMethod = (typeof DIRECT_PAYMENT_METHODS)[number];

/** Terms Ghanaian suppliers commonly quote; free text is still accepted. */
const PAYMENT_TERMS_SUGGESTIONS = [
  'Prepaid',
  'Cash on delivery',
  'Cheque on delivery',
  'Net 14',
  'Net 30',
  'Net 60',
];

const SETTINGS_FIELDS = [
  'paymentTerms',
  'supportedPaymentMethods',
  'defaultPaymentMethod',
  'supportsCredit',
  'defaultLeadTimeDays',
] as const satisfies ReadonlyArray<FieldPath<SupplierSettingsInput>>;

export interface SupplierSettingsPanelProps {
  /** The signed-in user's organisation (session orgId); scopes the cache key ['supplier-settings', orgId]. */
  orgId: string;
  /** Whether the user may change the terms: hasPermission(user.permissions, 'manage_users'), as PATCH requires. */
  canEdit: boolean;
}

/**
 * The supplier's trading terms (beyond the spec): payment terms, accepted methods and the default one,
 * whether credit is offered and the default lead time. Buyers read them in the marketplace and the
 * order builder, so they are edited in one place and validated by the contract PATCH /org/settings uses.
 */
export function SupplierSettingsPanel({ orgId, canEdit }: SupplierSettingsPanelProps) {
  const settings = useQuery(supplierSettingsQueryOptions(orgId));
  return (
    <Card>
      <CardHeader
        as="h3"
        id="supplier-settings-heading"
        title="Trading terms"
        description="How buyers pay you and how soon you deliver."
        actions={canEdit ? undefined : <Badge>Read only</Badge>}
      />
      {settings.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 px-6 py-12 text-slate-500">
          <Spinner className="size-5 text-emerald-700" />
          <span className="text-sm font-medium">Loading your trading terms</span>
        </div>
      ) : settings.isError ? (
        <LoadFailed
          message="Your trading terms could not be loaded."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm orgId={orgId} canEdit={canEdit} saved={settings.data} />
      )}
    </Card>
  );
}

interface SettingsFormProps {
  orgId: string;
  canEdit: boolean;
  /** The terms as last loaded or saved; the form starts from them and returns to them on Discard. */
  saved: SupplierSettings;
}

function SettingsForm({ orgId, canEdit, saved }: SettingsFormProps) {
  const update = useUpdateSupplierSettings(orgId);
  const { register, handleSubmit, control, reset, setValue, getValues, setError, formState } = useForm<
    SupplierSettingsInput,
    unknown,
    SupplierSettings
  >({ defaultValues: saved, resolver: zodResolver(supplierSettingsSchema) });
  const { errors, isDirty } = formState;
  const accepted = useWatch({ control, name: 'supportedPaymentMethods' }) ?? [];
  const defaultMethod = useWatch({ control, name: 'defaultPaymentMethod' });

  // The default is chosen among accepted methods; one no longer accepted still shows, flagged, so the
  // form never silently reports a value it does not display.
  const defaultOptions: DirectMethod[] = DIRECT_PAYMENT_METHODS.filter(
    (method) => accepted.includes(method) || method === defaultMethod,
  );

  function toggleMethod(method: DirectMethod, checked: boolean, onChange: (next: DirectMethod[]) => void) {
    const current = getValues('supportedPaymentMethods') ?? [];
    const next = DIRECT_PAYMENT_METHODS.filter((m) => (m === method ? checked : current.includes(m)));
    onChange(next);
    // As the order builder does: keep the default if still accepted, else the first accepted method.
    const first = next[0];
    if (!next.includes(getValues('defaultPaymentMethod')) && first) {
      setValue('defaultPaymentMethod', first, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  }

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (message && (SETTINGS_FIELDS as readonly string[]).includes(field)) {
        setError(field as FieldPath<SupplierSettingsInput>, { type: 'server', message });
      }
    }
  }

  const onValid = (values: SupplierSettings) =>
    update.mutate(values, { onSuccess: (next) => reset(next), onError: showServerFieldErrors });
  const onInvalid = () => toast.error(AUTH_MESSAGES.reviewForm, { id: 'settings-review' });

  const methodsError =
    errors.supportedPaymentMethods?.message ?? errors.supportedPaymentMethods?.root?.message;

  return (
    <div className="grid gap-6 px-5 py-5 lg:grid-cols-[minmax(0,1fr)_17rem]">
      <aside className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset lg:order-last lg:self-start">
        <p className="font-medium text-slate-900">
          Buyers see these terms in the marketplace and the order builder.
        </p>
        <ul className="mt-2 list-disc space-y-1.5 pl-4 text-xs">
          <li>Your payment terms show on your supplier card and beside every product you offer.</li>
          <li>
            The order builder offers only the methods you accept and starts on your default. Credit facility
            is added when you offer credit.
          </li>
          <li>The lead time is quoted until your delivered orders give a measured one.</li>
        </ul>
      </aside>

      <form
        noValidate
        aria-labelledby="supplier-settings-heading"
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="min-w-0"
      >
        {!canEdit && (
          <p className="mb-4 flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-600">
            <svg
              className="mt-0.5 size-4 shrink-0 text-slate-400"
              viewBox="0 0 20 20"
              fill="none"
              aria-hidden="true"
            >
              <rect x="4" y="9" width="12" height="8" rx="1.5" stroke="currentColor" strokeWidth="1.5" />
              <path d="M7 9V6.5a3 3 0 0 1 6 0V9" stroke="currentColor" strokeWidth="1.5" />
            </svg>
            Only an Admin of your organisation can change these terms. Ask one if they need updating.
          </p>
        )}
        {/* A disabled fieldset disables every control in it, the credit switch included. */}
        <fieldset disabled={!canEdit || update.isPending} className="grid min-w-0 gap-5 sm:grid-cols-2">
          <legend className="sr-only">Trading terms</legend>
          <FormField
            id="settings-payment-terms"
            label="Payment terms"
            error={errors.paymentTerms?.message}
            hint="What your invoices say, e.g. Net 30, Prepaid or Cheque on delivery."
            className="sm:col-span-2"
          >
            {(aria) => (
              <Input {...aria} list="settings-payment-terms-suggestions" {...register('paymentTerms')} />
            )}
          </FormField>
          <datalist id="settings-payment-terms-suggestions">
            {PAYMENT_TERMS_SUGGESTIONS.map((terms) => (
              <option key={terms} value={terms} />
            ))}
          </datalist>

          <Controller
            control={control}
            name="supportedPaymentMethods"
            render={({ field }) => (
              <fieldset
                className="sm:col-span-2"
                aria-invalid={methodsError ? true : undefined}
                aria-describedby={methodsError ? 'settings-methods-error' : undefined}
              >
                <legend className="text-sm font-medium text-slate-800">Accepted payment methods</legend>
                <div className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-4">
                  {DIRECT_PAYMENT_METHODS.map((method) => (
                    <Checkbox
                      key={method}
                      id={`settings-method-${method}`}
                      variant="tile"
                      label={PAYMENT_METHOD_LABELS[method]}
                      checked={(field.value ?? []).includes(method)}
                      onCheckedChange={(checked) => toggleMethod(method, checked, field.onChange)}
                      onBlur={field.onBlur}
                    />
                  ))}
                </div>
                {methodsError && (
                  <p id="settings-methods-error" className="mt-1.5 text-xs font-medium text-rose-700">
                    {methodsError}
                  </p>
                )}
              </fieldset>
            )}
          />

          <FormField
            id="settings-default-method"
            label="Default payment method"
            error={errors.defaultPaymentMethod?.message}
            hint="Preselected when a buyer drafts an order."
          >
            {(aria) => (
              <Select {...aria} {...register('defaultPaymentMethod')}>
                {defaultOptions.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                    {accepted.includes(method) ? '' : ' (not accepted)'}
                  </option>
                ))}
              </Select>
            )}
          </FormField>

          <FormField
            id="settings-lead-time"
            label="Default lead time"
            error={errors.defaultLeadTimeDays?.message}
            hint="Days from approval to delivery, 0 to 60."
          >
            {(aria) => (
              <div className="relative">
                <Input
                  {...aria}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={60}
                  step={1}
                  className="pr-14"
                  {...register('defaultLeadTimeDays', { valueAsNumber: true })}
                />
                <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
                  days
                </span>
              </div>
            )}
          </FormField>

          <div className="rounded-lg border border-slate-200 p-4 sm:col-span-2">
            <Controller
              control={control}
              name="supportsCredit"
              render={({ field }) => (
                <Switch
                  ref={field.ref}
                  id="settings-supports-credit"
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  label="We offer credit to approved buyers"
                  description="Buyers can apply for a credit line and, once you approve it, pay by credit facility. Credit lines you already approved keep working either way."
                />
              )}
            />
          </div>
        </fieldset>

        {canEdit && (
          <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
            {isDirty && (
              <span className="text-xs text-amber-700 sm:mr-auto" role="status">
                Unsaved changes
              </span>
            )}
            <Button variant="secondary" disabled={!isDirty || update.isPending} onClick={() => reset(saved)}>
              Discard changes
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              Save settings
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
