import {
  CREDIT_MESSAGES,
  CREDIT_REQUEST,
  creditApplicationRequestSchema,
  type CreditApplicationRequest,
} from '@aduro/shared/credit';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { FormField, Input, Select, Textarea } from '../../../components/ui/form-field';
import { formatCedis } from '../../../lib/format';
import { useRequestCredit, type CreditRequestBody } from '../api/request-credit';

export interface CreditSupplierOption {
  id: string;
  name: string;
  /** e.g. the current limit, shown beside the name so a raise is not mistaken for a new line. */
  detail?: string;
}

type RequestForm = Omit<CreditApplicationRequest, 'customerId'>;

/** SPEC §5: no supplier chosen, GH₵25,000 asked, no notes; 'Reset' comes back here. */
const REQUEST_DEFAULTS: RequestForm = {
  supplierId: '',
  requestedLimit: CREDIT_REQUEST.defaultLimit,
  notes: '',
};

interface CreditRequestFormProps {
  orgId: string | null;
  /** Active suppliers the buyer may apply to. */
  suppliers: readonly CreditSupplierOption[];
  suppliersLoading?: boolean;
}

/** SPEC §2 'Request new credit': validated by the schema POST /credit/applications uses. */
export function CreditRequestForm({ orgId, suppliers, suppliersLoading }: CreditRequestFormProps) {
  const request = useRequestCredit(orgId);
  const { register, handleSubmit, reset, control, formState } = useForm<
    RequestForm,
    unknown,
    CreditRequestBody
  >({ defaultValues: REQUEST_DEFAULTS, resolver: zodResolver(creditApplicationRequestSchema) });
  const { errors } = formState;
  const requested = useWatch({ control, name: 'requestedLimit' });

  function onInvalid(invalid: FieldErrors<RequestForm>) {
    // SPEC §8 lists the missing supplier as an error toast; the field is highlighted too.
    if (invalid.supplierId) toast.error(CREDIT_MESSAGES.selectSupplier, { id: 'credit-supplier' });
  }

  function onValid(body: CreditRequestBody) {
    request.mutate(body, { onSuccess: () => reset(REQUEST_DEFAULTS) });
  }

  return (
    <Card>
      <CardHeader
        id="credit-request-heading"
        title="Request new credit"
        description="Ask a supplier for a credit line, or for a higher limit on the one you have. Their credit team decides."
      />
      <form
        noValidate
        aria-labelledby="credit-request-heading"
        onSubmit={handleSubmit(onValid, onInvalid)}
        onReset={(event) => {
          event.preventDefault();
          reset(REQUEST_DEFAULTS);
        }}
        className="space-y-4 px-5 py-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="credit-supplier"
            label="Supplier"
            error={errors.supplierId ? CREDIT_MESSAGES.selectSupplier : undefined}
          >
            {(aria) => (
              <Select {...aria} disabled={suppliersLoading} {...register('supplierId')}>
                <option value="">{suppliersLoading ? 'Loading suppliers…' : 'Choose a supplier'}</option>
                {suppliers.map((supplier) => (
                  <option key={supplier.id} value={supplier.id}>
                    {supplier.detail ? `${supplier.name} (${supplier.detail})` : supplier.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            id="credit-limit"
            label="Requested limit (GH₵)"
            error={errors.requestedLimit?.message}
            hint={`At least ${formatCedis(CREDIT_REQUEST.minimum)}, in steps of ${formatCedis(CREDIT_REQUEST.step, { wholeCedis: true })}`}
          >
            {(aria) => (
              <Input
                {...aria}
                type="number"
                inputMode="decimal"
                min={CREDIT_REQUEST.minimum}
                step={CREDIT_REQUEST.step}
                {...register('requestedLimit', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField
            id="credit-notes"
            label="Notes"
            optional
            error={errors.notes?.message}
            className="sm:col-span-2"
          >
            {(aria) => (
              <Textarea
                {...aria}
                placeholder="Monthly volumes, branches, how you intend to use the line"
                {...register('notes')}
              />
            )}
          </FormField>
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500" aria-live="polite">
            {Number.isFinite(requested) && requested >= CREDIT_REQUEST.minimum
              ? `Asking for ${formatCedis(requested)}`
              : ''}
          </p>
          <div className="flex gap-2">
            <Button type="reset" variant="secondary" className="flex-1 sm:flex-none">
              Reset
            </Button>
            <Button type="submit" loading={request.isPending} className="flex-1 sm:flex-none">
              Submit request
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
