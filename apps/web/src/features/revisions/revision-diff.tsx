import { Stack, Text, Title } from '@mantine/core';
import { diffWords } from 'diff';
import type { RevisedText } from './api/types';

export const DIFF_TEXTS = {
  same: 'This revision reads the same as the story now.',
  legend: 'Struck-through text is only in this revision; underlined text is only in the story now.',
};

const FIELDS: Array<{ name: keyof RevisedText; label: string }> = [
  { name: 'title', label: 'Title' },
  { name: 'description', label: 'Description' },
  { name: 'tags', label: 'Tags' },
  { name: 'content', label: 'Text' },
];

const removedStyle = {
  background: 'var(--mantine-color-red-light)',
  color: 'var(--mantine-color-red-light-color)',
  textDecoration: 'line-through',
};
const addedStyle = {
  background: 'var(--mantine-color-green-light)',
  color: 'var(--mantine-color-green-light-color)',
  textDecoration: 'underline',
};

/** One field's words: kept ones plain, the revision's own struck through, the current ones underlined. */
function FieldDiff({ label, from, to }: { label: string; from: string; to: string }) {
  const parts = diffWords(from, to);
  return (
    <section aria-label={label}>
      <Title order={3} size="h5" mb={4}>
        {label}
      </Title>
      <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {parts.map((part, index) =>
          part.removed ? (
            <del key={index} style={removedStyle}>
              {part.value}
            </del>
          ) : part.added ? (
            <ins key={index} style={addedStyle}>
              {part.value}
            </ins>
          ) : (
            <span key={index}>{part.value}</span>
          ),
        )}
      </Text>
    </section>
  );
}

/** What changed between a revision and the story as it is now, field by field (only fields that differ). */
export function RevisionDiff({ revision, current }: { revision: RevisedText; current: RevisedText }) {
  const changed = FIELDS.filter(({ name }) => revision[name] !== current[name]);
  if (changed.length === 0) return <Text>{DIFF_TEXTS.same}</Text>;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {DIFF_TEXTS.legend}
      </Text>
      {changed.map(({ name, label }) => (
        <FieldDiff key={name} label={label} from={revision[name]} to={current[name]} />
      ))}
    </Stack>
  );
}
