import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { flash, flashError } from '../../components/flash';
import { useServerErrors } from '../../components/form-errors';
import { validateBirthday } from '../../lib/age';
import { useSession } from '../../lib/session';
import { useSaveBirthday } from './api/save-birthday';

export const AGE_CHECK_TEXTS = {
  title: 'Tell us your birthday before you post',
  body:
    'This is an adults-only community: every member gives their birthday once before posting or commenting. ' +
    'Members who came over from the old archive, or who signed in with another account, give it here. ' +
    'It is only used to check your age and, if you choose, to show your age on your profile.',
  saved: 'Thank you! You can now post and comment.',
} as const;

/**
 * The 18+ gate for members who have no birthday yet (imported from another archive, or signed in by
 * single sign-on): shown above every page until they give one; the server refuses their posts until then.
 */
export function BirthdayPrompt() {
  const { user } = useSession();
  const save = useSaveBirthday();
  const form = useForm({
    initialValues: { birthday: '' },
    validate: { birthday: (v) => validateBirthday(v) },
  });
  useServerErrors(form, save.error);
  if (!user || user.birthday) return null;
  return (
    <Alert
      color="yellow"
      mb="md"
      title={
        <Title order={2} size="h4">
          {AGE_CHECK_TEXTS.title}
        </Title>
      }
    >
      <Stack gap="xs">
        <Text size="sm">{AGE_CHECK_TEXTS.body}</Text>
        <form
          aria-label="Your birthday"
          noValidate
          onSubmit={form.onSubmit(({ birthday }) =>
            save.mutate(
              { userId: user.id, birthday },
              { onError: flashError, onSuccess: () => flash.success(AGE_CHECK_TEXTS.saved) },
            ),
          )}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Birthday"
              type="date"
              autoComplete="bday"
              required
              {...form.getInputProps('birthday')}
            />
            <Button type="submit" loading={save.isPending}>
              Save Birthday
            </Button>
          </Group>
        </form>
      </Stack>
    </Alert>
  );
}
