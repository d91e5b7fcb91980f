import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { PasswordLoginForm } from '../../features/auth/password-login-form';
import { RegisterForm } from '../../features/auth/register-form';
import { SingleSignOn } from '../../features/auth/single-sign-on';
import { PageIntro } from '../../features/pages/page-intro';
import { useRouteHandle } from '../../lib/route-handle';
import { usePageTitle } from '../../lib/use-page-title';

// The signed-out screens: each is its page record's intro (slug and fallback title come from the
// route table) above its form. They share one chunk, as a visitor often moves between them.

function WithIntro({ children }: { children: ReactNode }) {
  const { slug = '', title = '' } = useRouteHandle();
  return (
    <Stack gap="lg">
      <PageIntro slug={slug} fallbackTitle={title} />
      {children}
    </Stack>
  );
}

export const LoginScreen = () => (
  <WithIntro>
    <SingleSignOn />
  </WithIntro>
);

export const SecretLoginScreen = () => (
  <WithIntro>
    <PasswordLoginForm />
  </WithIntro>
);

export const RegisterScreen = () => (
  <WithIntro>
    <RegisterForm />
  </WithIntro>
);

/** The reset link's own intro: the page record speaks of asking for the mail, which is done by then. */
export const NEW_PASSWORD_INTRO = {
  title: 'Choose a New Password',
  text: 'Enter the new password for your account twice. Other devices signed in to it will be signed out.',
};

/** The reset link's step: its own heading, and the browser title to match it. */
function NewPasswordStep() {
  usePageTitle(NEW_PASSWORD_INTRO.title);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{NEW_PASSWORD_INTRO.title}</Title>
        <Text>{NEW_PASSWORD_INTRO.text}</Text>
      </Stack>
      <ForgotPasswordForm />
    </Stack>
  );
}

export function ForgotPasswordScreen() {
  const [params] = useSearchParams();
  if (params.get('resetToken')) return <NewPasswordStep />;
  return (
    <WithIntro>
      <ForgotPasswordForm />
    </WithIntro>
  );
}
