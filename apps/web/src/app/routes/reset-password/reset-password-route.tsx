import { useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ConfirmResetForm, RequestResetForm } from '../../../features/auth/components/password-reset-form';

/**
 * /reset-password: public, like /login. Without ?token= it asks for a link by e-mail; with the token the
 * link carries, it sets the new password.
 */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="p-5 sm:p-7">
        {token ? <ConfirmResetForm key={token} token={token} /> : <RequestResetForm />}
      </Card>
    </div>
  );
}
