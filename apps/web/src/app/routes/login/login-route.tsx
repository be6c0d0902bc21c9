import { useIsMutating } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { Card } from '../../../components/ui/card';
import { PageLoader } from '../../../components/ui/spinner';
import { authMutationKey } from '../../../features/auth/api/login';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useSession } from '../../../features/auth/hooks/use-session';
import { homeRouteFor } from '../../../lib/authorization';

const PROMISES = [
  {
    title: 'Real-time inventory visibility',
    body: 'See which suppliers hold stock, at what price and how close it is to expiry before you place an order.',
  },
  {
    title: 'Instant credit decisions',
    body: 'Apply for trade credit with a supplier and get a decision backed by a risk check, not weeks of paperwork.',
  },
  {
    title: 'Fulfilment analytics',
    body: 'Follow every delivery drop from dispatch to your door and see what your branches buy most.',
  },
] as const;

function CheckIcon() {
  return (
    <svg
      className="mt-0.5 size-4 shrink-0 text-emerald-200 lg:size-5"
      viewBox="0 0 20 20"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="10" cy="10" r="9" stroke="currentColor" strokeOpacity="0.4" />
      <path
        d="m6.5 10.2 2.3 2.3 4.7-5"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function LoginRoute() {
  const session = useSession();
  // Signing in sets the token before /auth/me answers; the form must stay up during that, not the loader.
  const authenticating = useIsMutating({ mutationKey: authMutationKey }) > 0;

  if (session.status === 'signed-in') return <Navigate to={homeRouteFor(session.user)} replace />;
  if (session.status === 'checking' && !authenticating) return <PageLoader label="Checking access" />;

  return (
    // Registration has three times the fields of sign-in: on a laptop the form takes the wide column
    // and lays them out in two, rather than a long narrow column beside an empty one.
    <div className="grid items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-10 lg:has-[[data-auth-mode=register]]:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:has-[[data-auth-mode=register]]:gap-8">
      {/* Above the form (phones, tablets) the hero shrinks to its headline and the three promises, so
          the form's fields and its Sign in button stay in the first screen. */}
      <section className="rounded-2xl bg-gradient-to-br from-emerald-800 via-emerald-700 to-teal-700 px-4 py-4 text-white shadow-sm sm:px-6 lg:sticky lg:top-24 lg:p-8">
        <p className="hidden text-xs font-semibold tracking-wider text-emerald-100 uppercase lg:block">
          B2B medicines marketplace
        </p>
        <h1 className="text-lg leading-snug font-semibold tracking-tight sm:text-2xl lg:mt-2 lg:text-3xl">
          Procurement for Ghana&apos;s pharmacies, from quote to delivery.
        </h1>
        <p className="mt-3 hidden max-w-xl text-base text-emerald-50 lg:block">
          Aduro connects pharmacies with licensed importers, distributors and manufacturers, with prices in
          GH₵ and delivery to each of your branches.
        </p>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm lg:mt-6 lg:block lg:space-y-4">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="flex gap-1.5 lg:gap-3">
              <CheckIcon />
              <div>
                <p className="font-medium">{promise.title}</p>
                <p className="mt-0.5 hidden text-sm text-emerald-50 lg:block">{promise.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Card className="p-4 sm:p-7">
        <LoginForm />
      </Card>
    </div>
  );
}
