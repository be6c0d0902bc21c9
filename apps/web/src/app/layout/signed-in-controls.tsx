import { ChangePasswordButton } from '../../features/auth/components/change-password-button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

/**
 * The top bar's controls for a signed-in user: the notification bell and Change password. Their own
 * chunk (top-bar.tsx loads it lazily) because they bring dialogs, the notifications' contracts and a
 * sheet that /login never needs.
 */
export function SignedInControls({ userId, email }: { userId: string; email: string }) {
  return (
    <>
      <NotificationBell userId={userId} email={email} />
      <ChangePasswordButton />
    </>
  );
}
