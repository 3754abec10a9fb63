import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /auth/forgot-password (seed §2): request a password reset link. */
function ForgotPasswordRoute() {
  return (
    <>
      <title>Reset your password · Tandem</title>
      <ForgotPasswordForm />
    </>
  );
}

export { ForgotPasswordRoute as Component };
