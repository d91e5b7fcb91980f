import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../app/use-page-title';
import { siteConfig } from '../../lib/config';

export function HomePage() {
  usePageTitle('Home');
  return (
    <Stack>
      <Title order={1}>{siteConfig.title}</Title>
      <Text>A members-only community for size-difference fiction and art.</Text>
    </Stack>
  );
}
