import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/use-page-title';

export const NOT_FOUND_TITLE = '404 - Page Not Found';
export const NOT_FOUND_TEXT = 'The page you were looking for could not be found.';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <Stack>
      <Title order={1}>{NOT_FOUND_TITLE}</Title>
      <Text>{NOT_FOUND_TEXT}</Text>
    </Stack>
  );
}
