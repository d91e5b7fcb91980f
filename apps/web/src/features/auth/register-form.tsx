import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { flash } from '../../components/flash';
import { focusFirstInvalid, showServerErrors } from '../../components/form-errors';
import { registerAccount, type Registration } from './api/register';
import {
  REGISTER_MESSAGES,
  validateBirthday,
  validateEmail,
  validateNewPassword,
  validateUsername,
} from './register-validation';

export const REGISTER_HINTS = {
  username: 'May only contain letters, numbers, hyphens, underscores and periods.',
  name: 'a name displayed publicly',
  birthday:
    'Your birthday cannot be changed after registering without contacting a site admin. It is only used to verify your age and, if you choose, to show your age on your profile.',
  password: 'At least 8 characters.',
};

/** Said on arrival after registering: what to do next about the email address. */
export const WELCOME_TEXTS = {
  mailed: (email: string) =>
    `Welcome! We sent a verification link to ${email}: open it to verify your email address.`,
  notMailed: 'Welcome! Send yourself a verification email from Settings to verify your email address.',
};

const FORM_FIELDS = ['username', 'name', 'email', 'birthday', 'password', 'passwordConfirm', 'terms'];

interface RegisterValues extends Registration {
  terms: boolean;
}

const required = (message: string) => (value: string) => (value.trim() ? null : message);

/** Links inside the terms label open in a new tab, so reading them does not lose the form. */
function TermsLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor href={to} target="_blank" rel="noopener" inherit underline="always">
      {children}
    </Anchor>
  );
}

/**
 * The /register form (spec part 1 §2 and §5): every field required, the spec's checks before anything
 * is sent, then the registration sequence. A refusal shows as error flashes and beside each refused
 * field; success goes to /edit-profile, signed in.
 */
export function RegisterForm() {
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    initialValues: {
      username: '',
      name: '',
      email: '',
      birthday: '',
      password: '',
      passwordConfirm: '',
      terms: false,
    },
    // Checked on submit only: errors appearing on blur shift the form under the pointer mid-click.
    validate: {
      username: validateUsername,
      name: required(REGISTER_MESSAGES.nameRequired),
      email: validateEmail,
      birthday: (value) => validateBirthday(value),
      password: validateNewPassword,
      passwordConfirm: (value, values) => {
        if (!value) return REGISTER_MESSAGES.passwordConfirmRequired;
        return value === values.password ? null : REGISTER_MESSAGES.passwordsDiffer;
      },
      terms: (value) => (value ? null : REGISTER_MESSAGES.termsRequired),
    },
  });

  const register = useMutation({
    mutationFn: registerAccount,
    onError: (error) => showServerErrors(form, error, FORM_FIELDS),
    onSuccess: ({ verificationSent }, { email }) => {
      flash.info(
        verificationSent ? WELCOME_TEXTS.mailed(email.trim().toLowerCase()) : WELCOME_TEXTS.notMailed,
      );
      void navigate('/edit-profile', { replace: true });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        ({ terms: _terms, ...registration }) => register.mutate(registration),
        focusFirstInvalid,
      )}
    >
      <Stack maw={480}>
        <TextInput
          label="Username"
          description={REGISTER_HINTS.username}
          autoComplete="username"
          autoCapitalize="none"
          withAsterisk
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Display Name"
          description={REGISTER_HINTS.name}
          autoComplete="nickname"
          withAsterisk
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Birthday"
          type="date"
          description={REGISTER_HINTS.birthday}
          autoComplete="bday"
          withAsterisk
          {...form.getInputProps('birthday')}
        />
        <PasswordInput
          label="Password"
          description={REGISTER_HINTS.password}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('passwordConfirm')}
        />
        <Checkbox
          label={
            <>
              I have read, understand and agree to the <TermsLink to="/terms-of-use">Terms of Use</TermsLink>{' '}
              and the <TermsLink to="/privacy-policy">Privacy Policy</TermsLink>.
            </>
          }
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Button type="submit" loading={register.isPending} style={{ alignSelf: 'flex-start' }}>
          Register
        </Button>
      </Stack>
    </form>
  );
}
