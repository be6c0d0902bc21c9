import type { KeyboardEvent } from 'react';
import { cn } from '../../../components/ui/cn';
import type { AuthMode } from '../utils/auth-form-values';

/** Each tab is named after the action its form's submit button performs. */
export const AUTH_MODE_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Sign in',
  register: 'Create account',
};

const MODES: readonly AuthMode[] = ['sign-in', 'register'];

interface AuthModeTabsProps {
  mode: AuthMode;
  onSwitch: (next: AuthMode) => void;
}

/** The two tabs over the form (#auth-form, their tab panel), with arrow keys moving between them. */
export function AuthModeTabs({ mode, onSwitch }: AuthModeTabsProps) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = mode === 'sign-in' ? 'register' : 'sign-in';
    onSwitch(next);
    document.getElementById(`auth-mode-${next}`)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Sign in or create an account"
      className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
    >
      {MODES.map((option) => {
        const selected = option === mode;
        return (
          <button
            key={option}
            id={`auth-mode-${option}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="auth-form"
            tabIndex={selected ? 0 : -1}
            onClick={() => onSwitch(option)}
            onKeyDown={onKeyDown}
            className={cn(
              'h-9 rounded-md text-sm font-medium transition-colors',
              selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {AUTH_MODE_LABELS[option]}
          </button>
        );
      })}
    </div>
  );
}
