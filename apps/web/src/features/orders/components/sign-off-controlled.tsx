import { CONTROLLED_KIND_LABELS } from '@aduro/shared/compliance';
import type { Order } from '@aduro/shared/orders';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatDay, formatUnits } from '../../../lib/format';
import { useSignOffControlled } from '../api/sign-off-controlled';
import { batchLine } from './drop-batches';

export const AWAITING_SIGNOFF = 'Awaiting Pharmacist sign-off';

/** "Signed off by Ama Boateng on 27 Nov 2026", or the wait, for a released order of a controlled drug. */
export function signoffText(signoff: NonNullable<Order['controlledSignoff']>): string {
  if (!signoff.signedOff) return AWAITING_SIGNOFF;
  const who = signoff.pharmacistName ?? 'the Pharmacist';
  return signoff.signedOffAt
    ? `Signed off by ${who} on ${formatDay(signoff.signedOffAt)}`
    : `Signed off by ${who}`;
}

/** Whether the order's drops may be dispatched: not while a controlled supply waits for its sign-off. */
export const awaitsSignoff = (order: Order): boolean =>
  order.controlledSignoff !== null && !order.controlledSignoff.signedOff;

interface ControlledSignoffProps {
  orgId: string | null;
  order: Order;
  /** The caller holds sign_off_controlled (a Pharmacist of the seller). */
  canSignOff: boolean;
}

/**
 * The sign-off strip of a released order of a controlled drug (issue 32): where it stands and, for the
 * seller's Pharmacist while it waits, Sign off, confirmed in a dialog that says what is attested. The
 * sign-off writes the controlled register; the drops cannot be dispatched before it.
 */
export function ControlledSignoff({ orgId, order, canSignOff }: ControlledSignoffProps) {
  const signoff = order.controlledSignoff;
  const signOff = useSignOffControlled(orgId);
  const [confirming, setConfirming] = useState(false);
  if (!signoff) return null;
  const waiting = !signoff.signedOff;

  function confirm() {
    signOff.mutate(
      { orderId: order.id, orderNumber: order.number },
      // A refusal toasts its reason and reads the orders again; the dialog closes either way so the card
      // shows where the order now stands.
      { onSettled: () => setConfirming(false) },
    );
  }

  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-5 py-2.5"
      data-signoff={waiting ? 'awaiting' : 'signed'}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={waiting ? 'yellow' : 'green'}>{waiting ? AWAITING_SIGNOFF : 'Signed off'}</Badge>
        {waiting ? (
          <span className="text-slate-600">A Pharmacist signs off this controlled drug before it ships.</span>
        ) : (
          <span className="text-slate-700">{signoffText(signoff)}</span>
        )}
      </p>
      {waiting && canSignOff && (
        <Button
          size="sm"
          loading={signOff.isPending}
          onClick={() => setConfirming(true)}
          aria-label={`Sign off ${order.number}`}
        >
          Sign off
        </Button>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => !open && !signOff.isPending && setConfirming(false)}
        title={`Sign off ${order.number}?`}
        description="You attest, as the supervising pharmacist, that this supply of a controlled drug is lawful. It is entered in the controlled register, which is never changed or removed."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={signOff.isPending}>
              Back
            </Button>
            <Button loading={signOff.isPending} onClick={confirm}>
              Sign off and register
            </Button>
          </>
        }
      >
        <SignoffSummary order={order} />
      </Dialog>
    </div>
  );
}

/** What the Pharmacist attests: the product, each drop's batches and quantities, and the buyer. */
function SignoffSummary({ order }: { order: Order }) {
  const drops = order.drops.filter((drop) => drop.status !== 'Cancelled');
  const units = drops.reduce((sum, drop) => sum + drop.quantity, 0);
  return (
    <dl className="space-y-3 text-sm">
      <div>
        <dt className="text-xs text-slate-500">Product</dt>
        <dd className="font-medium text-slate-900">
          {order.product.name}
          {order.product.controlled && (
            <span className="font-normal text-slate-600">
              {' '}
              · {CONTROLLED_KIND_LABELS[order.product.controlled].toLowerCase()}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">
          Supplies ({formatUnits(units)} {units === 1 ? 'unit' : 'units'})
        </dt>
        <dd>
          <ul className="mt-1 space-y-1.5">
            {drops.map((drop) => (
              <li key={drop.id} className="rounded-lg bg-slate-50 px-3 py-2">
                <p className="text-slate-900">
                  Drop {drop.sequence} · {drop.addressName} · {formatUnits(drop.quantity)} units
                </p>
                {drop.batches.length > 0 ? (
                  <ul className="mt-0.5 text-xs text-slate-600 tabular-nums">
                    {drop.batches.map((batch, index) => (
                      <li key={`${batch.batchNumber ?? ''}-${index}`}>{batchLine(batch)}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-0.5 text-xs text-slate-600">No batch recorded</p>
                )}
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Buyer</dt>
        <dd className="text-slate-900">
          {order.buyer.name}
          {order.buyer.location && <span className="text-slate-600"> · {order.buyer.location}</span>}
          <span className="mt-0.5 block text-xs text-slate-600">
            Its verified pharmacy licence and controlled-drugs authorisation are checked as you sign, and
            their numbers entered in the register with your name; a lapsed one refuses the sign-off.
          </span>
        </dd>
      </div>
    </dl>
  );
}
