import type { UserType } from '@aduro/shared/permissions';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: ReadonlyArray<{ userType: UserType; label: string; email: string }> = [
  { userType: 'customer', label: 'Customer', email: 'buyer@accracare.demo' },
  { userType: 'supplier', label: 'Supplier', email: 'admin@tema-pharma.demo' },
  { userType: 'platform', label: 'Platform', email: 'admin@aduro.demo' },
];

export function isDemoEmail(email: string): boolean {
  return DEMO_ACCOUNTS.some((account) => account.email === email.trim().toLowerCase());
}

export function demoEmailFor(userType: UserType): string {
  return DEMO_ACCOUNTS.find((account) => account.userType === userType)?.email ?? '';
}

/** Lets someone trying the product sign in as each kind of user without knowing the seed data. */
export function DemoAccounts({ onPick }: { onPick: (userType: UserType, email: string) => void }) {
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-xl border border-dashed border-slate-300 bg-slate-50/80 p-4"
    >
      <h2 id="demo-accounts-title" className="text-sm font-semibold text-slate-800">
        Demo accounts
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        Every demo account uses the password <span className="font-mono text-slate-700">{DEMO_PASSWORD}</span>
        . Pick one to fill the form.
      </p>
      <ul className="mt-3 grid gap-2">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              onClick={() => onPick(account.userType, account.email)}
              className="flex w-full items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm transition-colors hover:border-emerald-300 hover:bg-emerald-50/50"
            >
              <span className="font-medium text-slate-800">{account.label}</span>
              <span className="truncate font-mono text-xs text-slate-600">{account.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
