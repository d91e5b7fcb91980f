import { Stack, Text, Title } from '@mantine/core';
import { useRouteHandle } from '../lib/route-handle';
import { usePageTitle } from '../lib/use-page-title';

/** Stand-in for a screen later work builds: the page's title and nothing invented. */
export function ComingSoon({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">Coming soon.</Text>
    </Stack>
  );
}

/** The route screen form: the title comes from the route's handle in the route table. */
export function ComingSoonScreen() {
  const { title = '' } = useRouteHandle();
  return <ComingSoon title={title} />;
}
