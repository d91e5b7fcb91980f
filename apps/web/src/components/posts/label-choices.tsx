import { Checkbox, Group } from '@mantine/core';
import { useLabels } from '../../lib/posts/get-labels';

/** The labels a story or series form offers as checkboxes; nothing while there are none. */
export function LabelChoices({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const labels = useLabels();
  if (!labels.data || labels.data.length === 0) return null;
  return (
    <Checkbox.Group label="Labels" value={value} onChange={onChange}>
      <Group gap="md" mt={4}>
        {labels.data.map((label) => (
          <Checkbox key={label.id} value={label.id} label={label.name} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
