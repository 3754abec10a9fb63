import { useSearchParams } from 'react-router';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

/** /auth/new-password?code=… (seed §2): set a new password from an emailed link. */
function NewPasswordRoute() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  return (
    <>
      <title>Set a new password · Tandem</title>
      <NewPasswordForm key={code ?? ''} actionCode={code} />
    </>
  );
}

export { NewPasswordRoute as Component };
