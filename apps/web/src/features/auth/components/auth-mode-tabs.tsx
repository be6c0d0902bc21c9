import * as RadixTabs from '@radix-ui/react-tabs';
import type { AuthMode } from '../utils/auth-form-values';

/** Each tab is named after the action its form's submit button performs. */
export const AUTH_MODE_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Sign in',
  register: 'Create account',
};

const MODES: readonly AuthMode[] = ['sign-in', 'register'];

/**
 * The two tabs over the form, on Radix Tabs (arrow keys move between them and select). They must sit
 * in the same AuthModeTabsRoot as the form's AuthModePanel.
 */
export function AuthModeTabs() {
  return (
    <RadixTabs.List
      aria-label="Sign in or create an account"
      className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
    >
      {MODES.map((option) => (
        <RadixTabs.Trigger
          key={option}
          value={option}
          className="h-10 rounded-md text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
        >
          {AUTH_MODE_LABELS[option]}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
  );
}

export const AuthModeTabsRoot = RadixTabs.Root;

/**
 * The panel of whichever tab is selected. One panel whose value follows the mode, rather than one per
 * mode, so the form inside stays mounted across a switch and focus on its button or link survives.
 */
export function AuthModePanel({ mode, children }: { mode: AuthMode; children: React.ReactNode }) {
  return (
    <RadixTabs.Content value={mode} tabIndex={-1} className="focus:outline-none">
      {children}
    </RadixTabs.Content>
  );
}
