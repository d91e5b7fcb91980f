import { Button, Group, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { FLASH_TYPES, showFlash, type FlashType } from '../../components/flash';
import { usePageTitle } from '../../lib/use-page-title';

const SAMPLE_TEXT: Record<FlashType, string> = {
  success: 'This is a success flash message.',
  info: 'This is an info flash message.',
  warning: 'This is a warning flash message.',
  error: 'This is an error flash message.',
};

const VARIANTS = [
  'filled',
  'light',
  'outline',
  'subtle',
  'default',
  'transparent',
  'white',
  'gradient',
] as const;
const COLORS = [undefined, 'green', 'blue', 'yellow', 'red'] as const;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /components: a living showcase of the flash messages and button variants the app uses. */
export function ComponentsPage() {
  usePageTitle('Components');
  const { primaryColor } = useMantineTheme();
  return (
    <Stack gap="xl">
      <Title order={1}>Components</Title>

      <Stack component="section" aria-labelledby="showcase-flash">
        <Title order={2} id="showcase-flash">
          Flash Messages
        </Title>
        <Text c="dimmed">Each button raises one flash message of its type at the top of the page.</Text>
        <Group>
          {FLASH_TYPES.map((type) => (
            <Button key={type} variant="light" onClick={() => showFlash(type, SAMPLE_TEXT[type])}>
              Show {capitalise(type)}
            </Button>
          ))}
        </Group>
      </Stack>

      <Stack component="section" aria-labelledby="showcase-buttons">
        <Title order={2} id="showcase-buttons">
          Buttons
        </Title>
        {VARIANTS.map((variant) => (
          <Group key={variant} gap="xs">
            <Text w={100} size="sm">
              {variant}
            </Text>
            {COLORS.map((color) => (
              <Button
                key={color ?? 'primary'}
                variant={variant}
                color={color}
                // A gradient takes its colours from `gradient`, not `color`: each runs through its own colour.
                gradient={{ from: `${color ?? primaryColor}.9`, to: `${color ?? primaryColor}.6`, deg: 90 }}
              >
                {capitalise(color ?? 'primary')}
              </Button>
            ))}
          </Group>
        ))}
        <Group gap="xs">
          <Text w={100} size="sm">
            states
          </Text>
          <Button disabled>Disabled</Button>
          <Button loading>Loading</Button>
          <Button size="xs">Extra small</Button>
          <Button size="lg">Large</Button>
        </Group>
      </Stack>
    </Stack>
  );
}
