import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StoryRecord } from '../../lib/posts/types';

interface ChapterEditorProps {
  /** Story ids in reading order. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Stories the form knows by id: the member's own and the series' current chapters. */
  stories: Map<string, StoryRecord>;
  /** The member's own stories that may be added, newest first. */
  addable: StoryRecord[];
}

const titleOf = (stories: Map<string, StoryRecord>, id: string) =>
  stories.get(id)?.expand?.post?.title ?? 'A chapter you cannot see';

function move(list: string[], from: number, to: number): string[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The chapters of a series in order, with buttons to move, remove and add them (spec part 1 §2). */
export function ChapterEditor({ value, onChange, stories, addable }: ChapterEditorProps) {
  const candidates = addable.filter((story) => !value.includes(story.id));
  const [choice, setChoice] = useState('');
  const chosen = candidates.some((story) => story.id === choice) ? choice : (candidates[0]?.id ?? '');

  return (
    <Stack gap="xs" role="group" aria-labelledby="chapters-label">
      <Text fw={700} size="sm" id="chapters-label">
        Chapters
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No chapters yet. Add stories you wrote here, or write new ones from the series page once it is
          saved.
        </Text>
      ) : (
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Chapter order">
          {value.map((id, index) => {
            const title = titleOf(stories, id);
            return (
              <Paper component="li" withBorder p="xs" key={id}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" style={{ minWidth: 0 }} truncate>
                    {index + 1}. {title}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      aria-label={`Move "${title}" up`}
                      disabled={index === 0}
                      onClick={() => onChange(move(value, index, index - 1))}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move "${title}" down`}
                      disabled={index === value.length - 1}
                      onClick={() => onChange(move(value, index, index + 1))}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="light"
                      aria-label={`Remove "${title}"`}
                      onClick={() => onChange(value.filter((other) => other !== id))}
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {candidates.length > 0 && (
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label="Add one of your stories"
            value={chosen}
            data={candidates.map((story) => ({
              value: story.id,
              label: story.expand?.post?.title ?? story.id,
            }))}
            onChange={(event) => setChoice(event.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button variant="light" onClick={() => chosen && onChange([...value, chosen])}>
            Add Chapter
          </Button>
        </Group>
      )}
    </Stack>
  );
}
