import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ActivationStep } from '@/features/auth/components/activation-step';
import { RegisterForm } from '@/features/auth/components/register-form';

/**
 * /register (seed §2): the sign-up form, then (?step=activate&email=…) the activation code step.
 * The time the code was sent travels in the history state, so "Resend code" waits 60 s.
 */
function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const email = searchParams.get('email');
  const sentAt = (location.state as { sentAt?: unknown } | null)?.sentAt;

  if (searchParams.get('step') === 'activate' && email) {
    return (
      <>
        <title>Activate your account · Tandem</title>
        <ActivationStep key={email} email={email} sentAt={typeof sentAt === 'number' ? sentAt : null} />
      </>
    );
  }
  return (
    <>
      <title>Create your account · Tandem</title>
      <RegisterForm
        onRegistered={(registeredEmail) =>
          void navigate(paths.register.getHref({ step: 'activate', email: registeredEmail }), {
            state: { sentAt: Date.now() },
          })
        }
      />
    </>
  );
}

export { RegisterRoute as Component };
