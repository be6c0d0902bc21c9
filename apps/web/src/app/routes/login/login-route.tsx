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
      className="mt-0.5 size-5 shrink-0 text-emerald-300"
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
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-emerald-800 via-emerald-700 to-teal-700 p-6 text-white shadow-sm sm:p-8 lg:sticky lg:top-24">
        <p className="text-xs font-semibold tracking-wider text-emerald-200 uppercase">
          B2B medicines marketplace
        </p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">
          Procurement for Ghana&apos;s pharmacies, from quote to delivery.
        </h1>
        <p className="mt-3 max-w-xl text-sm text-emerald-50/90 sm:text-base">
          Aduro connects pharmacies with licensed importers, distributors and manufacturers, with prices in
          GH₵ and delivery to each of your branches.
        </p>
        <ul className="mt-5 space-y-2 sm:mt-6 sm:space-y-4">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="flex gap-3">
              <CheckIcon />
              <div>
                <p className="font-medium">{promise.title}</p>
                <p className="mt-0.5 hidden text-sm text-emerald-50/80 sm:block">{promise.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Card className="p-5 sm:p-7">
        <LoginForm />
      </Card>
    </div>
  );
}
